// A serialisation from CSV, run as the member through the units API in batches of 200, its outcome
// kept (serialisation-store.ts) so that the result is a page of its own: the post redirects to it,
// and a reload or a link shows it again without serialising anything twice. Lines whose status is
// none of the units' are refused here, naming the statuses allowed, and never sent.
import type { ServiceContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import type { CsvUnit } from '../../domain/units/csv-rows.ts';
import { UNIT_STATUSES } from '../../domain/units/status.ts';
import type { SignedInPage } from './frame.ts';
import { apiMessage, callApi, type Inject } from './pages.ts';
import { STATUS_CODES } from './passport-form-screens.ts';
import { insertSerialisation, serialisationById } from './serialisation-store.ts';

const BATCH = 200;

export interface RefusedLine {
  line: number;
  serialNumber: string;
  reason: string;
}

/** The outcome of a run, as stored and shown. */
export interface SerialisationOutcome {
  lines: number;
  unitIds: string[];
  refused: RefusedLine[];
  stopped: string | null;
}

/** The line of the CSV an API refusal names: `[units[i]] …` by index, `[serial] …` by serial. */
function refusedLine(batch: CsvUnit[], text: string): RefusedLine {
  const byIndex = /^\[units\[(\d+)\]\] ([\s\S]*)$/.exec(text);
  if (byIndex) {
    const unit = batch[Number(byIndex[1])];
    return { line: unit?.line ?? 0, serialNumber: unit?.serialNumber ?? '', reason: byIndex[2] ?? text };
  }
  const bySerial = /^\[([^\]]{1,40})\] ([\s\S]*)$/.exec(text);
  const unit = bySerial
    ? batch.find((candidate) => candidate.serialNumber.slice(0, 40) === bySerial[1])
    : undefined;
  if (bySerial && unit)
    return { line: unit.line, serialNumber: unit.serialNumber, reason: bySerial[2] ?? text };
  return { line: 0, serialNumber: '', reason: text };
}

const isUnitStatus = (status: string) => (UNIT_STATUSES as readonly string[]).includes(status);

/**
 * Sends the units in batches. A refusal of the whole first batch (no such passport, MFA required,
 * the plan) is thrown with the API's status, so the form is shown again; a later one stops the run
 * and is kept with what was made.
 */
export async function serialise(
  inject: Inject,
  page: SignedInPage,
  reference: string,
  units: CsvUnit[],
): Promise<SerialisationOutcome> {
  const allowed = UNIT_STATUSES.join(', ');
  const refused: RefusedLine[] = [];
  const sendable = units.filter((unit) => {
    if (unit.status === undefined || isUnitStatus(unit.status)) return true;
    const reason = page.t('serialised.badStatus', { status: unit.status, allowed });
    refused.push({ line: unit.line, serialNumber: unit.serialNumber, reason });
    return false;
  });
  const outcome: SerialisationOutcome = { lines: units.length, unitIds: [], refused, stopped: null };
  const params = { passportId: encodeURIComponent(reference) };
  for (let start = 0; start < sendable.length; start += BATCH) {
    const batch = sendable.slice(start, start + BATCH);
    const answer = await callApi(inject, page.principal, 'POST', '/api/v1/passports/{passportId}/units', {
      params,
      payload: { units: batch.map(({ line: _line, ...unit }) => unit) },
    });
    const errors = Array.isArray(answer.body.errors) ? (answer.body.errors as string[]) : [];
    if (answer.status !== 201 && errors.length === 0) {
      if (start === 0) throw new AppError(statusCode(answer.status), apiMessage(answer.body));
      outcome.stopped = apiMessage(answer.body);
      break;
    }
    if (answer.status === 201 && Array.isArray(answer.body.units))
      outcome.unitIds.push(...(answer.body.units as Array<{ id: string }>).map((unit) => unit.id));
    refused.push(...errors.map((text) => refusedLine(batch, text)));
  }
  refused.sort((a, b) => a.line - b.line);
  return outcome;
}

const statusCode = (status: number) => STATUS_CODES[status] ?? 'BAD_REQUEST';

/** Keeps a run's outcome; its id is the result page's. */
export function keepSerialisation(
  services: ServiceContext,
  page: SignedInPage,
  reference: string,
  outcome: SerialisationOutcome,
) {
  return insertSerialisation(services.db, {
    tenantId: page.principal.tenant.id,
    memberId: page.principal.member.id,
    passportRef: reference,
    ...outcome,
  });
}

/** A run of the member's workspace; another workspace's, or none, is 404. */
export async function findSerialisation(services: ServiceContext, page: SignedInPage, id: string) {
  const row = await serialisationById(services.db, page.principal.tenant.id, id);
  if (!row) throw new AppError('NOT_FOUND', page.t('serialised.notFound'));
  return row;
}
