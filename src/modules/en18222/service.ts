// The EN 18222 Life Cycle API operations over our passports (docs/en18222.md). Every rule is the
// passports module's: this module only maps an operation to its service call, so a write through
// `/v1` is versioned, audited, scoped and counted exactly like the same write through `/api/v1`.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { offsetParameter } from '../../core/page-cursor.ts';
import {
  elementAt,
  type JsonValue,
  parseElementIdPath,
  type UpdateProblem,
  updateFromDocumentPatch,
  updateFromElementPatch,
} from '../../domain/en18222/index.ts';
import { isUuid } from '../../domain/ids.ts';
import { encodeOffsetCursor } from '../../domain/paging/cursor.ts';
import * as passports from '../passports/service.ts';

/** The change reason archived with a version written by a merge patch. */
export const PATCH_REASONS = {
  document: 'EN 18222 UpdateDPPById',
  element: 'EN 18222 UpdateDataElement',
} as const;

type Document = Record<string, JsonValue>;

/** A dppId is the passport's UUID; anything else names no DPP. */
function dppIdOf(raw: string): string {
  const id = raw.trim();
  if (!isUuid(id)) throw notFound('No DPP with this id');
  return id.toLowerCase();
}

export async function readDpp(services: ServiceContext, actor: Actor, dppId: string): Promise<Document> {
  return (await passports.readOwnerDocumentBy(services, actor, { id: dppIdOf(dppId) })) as Document;
}

export async function readDppByProductId(services: ServiceContext, actor: Actor, productId: string) {
  return (await passports.readOwnerDocumentBy(services, actor, { productId: productId.trim() })) as Document;
}

/** The document text current at `date`, from history (or the live passport after its last change). */
export async function readDppAt(services: ServiceContext, actor: Actor, dppId: string, date: string) {
  return passports.documentAt(services, actor, dppIdOf(dppId), date, 'date');
}

export async function createDpp(
  services: ServiceContext,
  actor: Actor,
  body: Parameters<typeof passports.createPassport>[2],
) {
  const { document } = await passports.createPassport(services, actor, body);
  return document as Document;
}

export async function deleteDpp(services: ServiceContext, actor: Actor, dppId: string): Promise<void> {
  await passports.deleteDraft(services, actor, dppIdOf(dppId));
}

const patchRefused = (errors: UpdateProblem[]) =>
  badRequest('The merge patch changes what an update does not write', { extra: { errors } });

interface Read {
  /** The passport's version when it was read, at most that of `current`. */
  version: number;
  current: Document;
}

/**
 * The document a patch applies to, with a version no newer than it: the version is read first, so a
 * change in between makes the write a conflict (409) rather than a silent overwrite.
 */
async function readForPatch(services: ServiceContext, actor: Actor, id: string): Promise<Read> {
  const { version } = await passports.resolvePassport(services.db, actor, id);
  return { version, current: await readDpp(services, actor, id) };
}

/** Writes the update a patch asks for, unless it changes nothing; answers the document after it. */
async function writeUpdate(
  services: ServiceContext,
  actor: Actor,
  { version, current }: Read,
  update: Exclude<ReturnType<typeof updateFromDocumentPatch>, { ok: false }>,
  reason: string,
): Promise<Document> {
  if (update.changed.length === 0) return current;
  // The patch was applied to the document as read: a change since then is a conflict, not overwritten.
  const { document } = await passports.updatePassport(
    services,
    actor,
    String(current.id),
    { ...update.body, changeReason: reason },
    { version },
  );
  return document as Document;
}

/** UpdateDPPById: an RFC 7396 merge patch of the whole document, written as a versioned update. */
export async function patchDpp(services: ServiceContext, actor: Actor, dppId: string, patch: unknown) {
  const read = await readForPatch(services, actor, dppIdOf(dppId));
  if (patch === undefined) throw badRequest('The body must be a JSON merge patch');
  const update = updateFromDocumentPatch(read.current, patch as JsonValue);
  if (!update.ok) throw patchRefused(update.errors);
  return writeUpdate(services, actor, read, update, PATCH_REASONS.document);
}

function tokensOf(elementIdPath: string) {
  const parsed = parseElementIdPath(elementIdPath);
  if (!parsed.ok) throw badRequest(`elementIdPath: ${parsed.message}`);
  return parsed.tokens;
}

export async function readElement(
  services: ServiceContext,
  actor: Actor,
  dppId: string,
  elementIdPath: string,
): Promise<JsonValue> {
  const tokens = tokensOf(elementIdPath);
  const value = elementAt(await readDpp(services, actor, dppId), tokens);
  if (value === undefined) throw notFound('The DPP has no element at this path');
  return value;
}

/** UpdateDataElement: a merge patch of one element; answers the element as written. */
export async function patchElement(
  services: ServiceContext,
  actor: Actor,
  dppId: string,
  elementIdPath: string,
  patch: unknown,
): Promise<JsonValue> {
  const id = dppIdOf(dppId);
  const tokens = tokensOf(elementIdPath);
  const read = await readForPatch(services, actor, id);
  if (patch === undefined) throw badRequest('The body must be a JSON merge patch');
  const update = updateFromElementPatch(read.current, tokens, patch as JsonValue);
  if (!update.ok) {
    if ('found' in update) throw notFound('The DPP has no element at this path');
    throw patchRefused(update.errors);
  }
  const after = await writeUpdate(services, actor, read, update, PATCH_REASONS.element);
  // The stored passport may normalise what was written (a GTIN copied into the metadata, say).
  const value = elementAt(after, tokens);
  if (value === undefined) throw notFound('The DPP has no element at this path');
  return value;
}

/**
 * ReadDPPIdsByProductIds: the DPP ids of the productIds asked, in the order asked (each productId
 * once), for the passports the actor may read; productIds without one are left out. Pages of `limit`.
 */
export async function readDppIds(
  services: ServiceContext,
  actor: Actor,
  productIds: readonly string[],
  limit: number,
  cursor: string | undefined,
) {
  const offset = offsetParameter('cursor', cursor);
  const asked = [...new Set(productIds.map((productId) => productId.trim()))];
  const found = await passports.passportIdsByProductIds(services, actor, asked);
  const page = found.slice(offset, offset + limit);
  const next = offset + limit < found.length ? encodeOffsetCursor(offset + limit) : undefined;
  return {
    paging_metadata: next ? { cursor: next } : {},
    result: page.map(({ productId, id }) => ({ productId, dppId: id })),
  };
}
