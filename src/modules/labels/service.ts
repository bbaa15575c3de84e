// The label batch: options checked, every passport and unit resolved within the actor's reach, and
// every symbol encoded before the archive starts, so a mistake is a 4xx answer and never a ZIP that
// breaks off half-way. A module of its own, above passports and units: one batch prints both, and
// units already stand above passports, so neither of them can hold it.
import type { ServiceContext } from '../../context.ts';
import { type Actor, can } from '../../core/actor.ts';
import { AppError, badRequest, notFound } from '../../core/errors.ts';
import {
  CarrierOptionsError,
  type PreparedLabel,
  prepareLabel,
  type RawLabelOptions,
  readLabelOptions,
} from '../../domain/carriers/index.ts';
import { passportCarrierSubject } from '../passports/service.ts';
import { unitCarrierSubject } from '../units/service.ts';

export const MAX_LABELS = 200;

export interface LabelsBody extends RawLabelOptions {
  passports?: string[];
  units?: string[];
}

async function named<T>(path: string, lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch (error) {
    // The batch names the entry it could not read, so the caller can fix its list.
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw notFound(`${path}: ${error.message}`);
    throw error;
  }
}

export async function prepareLabels(services: ServiceContext, actor: Actor, body: LabelsBody) {
  const passports = body.passports ?? [];
  const units = body.units ?? [];
  const count = passports.length + units.length;
  if (count === 0 || count > MAX_LABELS) {
    throw badRequest(`passports and units must name 1 to ${MAX_LABELS} labels in all`);
  }
  let options: ReturnType<typeof readLabelOptions>;
  try {
    options = readLabelOptions(body);
  } catch (error) {
    if (error instanceof CarrierOptionsError) throw badRequest(error.message);
    throw error;
  }
  // Unit labels show battery data: the key needs battery:read as well as passport:read.
  if (units.length > 0 && !can(actor, 'battery:read')) {
    throw new AppError('INSUFFICIENT_PERMISSION', 'This API key lacks the battery:read permission');
  }
  const labels: PreparedLabel[] = [];
  const seen = new Set<string>();
  const add = (label: PreparedLabel) => {
    // A passport named twice (by UUID and by productId, say) is one label.
    const key = `${label.subject.kind}:${label.subject.id}`;
    if (seen.has(key)) return;
    seen.add(key);
    labels.push(label);
  };
  for (const [index, reference] of passports.entries()) {
    const path = `/passports/${index}`;
    const subject = await named(path, () => passportCarrierSubject(services, actor, reference));
    add(prepareLabel(subject, options, path));
  }
  for (const [index, id] of units.entries()) {
    const path = `/units/${index}`;
    const subject = await named(path, () => unitCarrierSubject(services, actor, id));
    add(prepareLabel(subject, options, path));
  }
  return { labels, options, warnings: labels.flatMap((label) => label.warnings) };
}
