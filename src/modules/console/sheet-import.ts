// A spreadsheet import in two steps. The upload is read and every row checked at once (the checks of
// a create body and the body hygiene, each problem at its cell; the template's example row left
// unchanged is refused), each product identifier looked up to say whether the row creates a passport
// or updates one, and the whole held (import-holds.ts) for the preview. Confirming sends the rows
// that passed through the API's bulk ingest: new passports as drafts unless the member chose to
// publish them, existing ones updated in the status they have, and maps the answer to the rows.

import { AppError } from '../../core/errors.ts';
import type { Lang } from '../../core/i18n.ts';
import type { Category } from '../../domain/categories/types.ts';
import { productIdentity } from '../../domain/passports/identity.ts';
import { exampleMetadata } from '../../domain/passports/samples.ts';
import { isExampleRow, MAX_SHEET_ROWS, type SheetRow, sheetBodies } from '../../domain/passports/sheet.ts';
import type { SignedInPage } from './frame.ts';
import type { HeldImport, HeldRow, ImportHolds } from './import-holds.ts';
import { apiMessage, callApi, type Inject } from './pages.ts';
import { POINT_LANGUAGES } from './passport-form.ts';
import { applyBulkAnswer, rowProblems } from './passport-import-report.ts';
import { sheetFileRows } from './sheet-file.ts';
import { layoutOf, sheetSchemaFor, sheetWidth } from './sheet-files.ts';

/** The rows of the file, read under the import's limits; a refusal of the file is an AppError. */
async function readSheet(file: Buffer, category: Category, lang: Lang, t: SignedInPage['t']) {
  const rows = await sheetFileRows(file, sheetWidth(category), t);
  const decimalComma = !POINT_LANGUAGES.includes(lang);
  const read = sheetBodies(rows, category, sheetSchemaFor(category), layoutOf(category), { decimalComma });
  if (read.unknown.length > 0)
    throw new AppError(
      'BAD_REQUEST',
      t('create.sheetColumns', { columns: read.unknown.slice(0, 5).join(', ') }),
    );
  if (read.tooMany) throw new AppError('BAD_REQUEST', t('create.sheetTooMany', { max: MAX_SHEET_ROWS }));
  if (read.rows.length === 0) throw new AppError('BAD_REQUEST', t('create.sheetEmpty'));
  return read;
}

/** Whether the row's product has a passport of the workspace already (then the row updates it). */
async function existingPassport(inject: Inject, page: SignedInPage, row: SheetRow) {
  const identity = typeof row.body.productId === 'string' ? productIdentity(row.body.productId) : null;
  if (!identity) return undefined;
  const answer = await callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}', {
    params: { id: encodeURIComponent(identity.productId) },
  });
  return answer.status === 200 ? String((answer.body as { id?: unknown }).id) : undefined;
}

/** Reads and checks an upload and holds it for its preview; a refused file throws its AppError. */
export async function holdUpload(
  inject: Inject,
  holds: ImportHolds,
  page: SignedInPage,
  lang: Lang,
  category: Category,
  file: Buffer,
): Promise<HeldImport> {
  const read = await readSheet(file, category, lang, page.t);
  const example = exampleMetadata(category);
  const rows: HeldRow[] = [];
  for (const row of read.rows) {
    const productId = String(row.body.productId ?? '');
    if (isExampleRow(row.body, example)) {
      const message = page.t('sheets.exampleUnchanged', { row: row.row });
      rows.push({
        row: row.row,
        productId,
        action: 'refused',
        problems: [{ column: '', cell: `A${row.row}`, value: '', message }],
      });
      continue;
    }
    const problems = rowProblems(row, read.header, lang, page.t);
    if (problems.length > 0) {
      rows.push({ row: row.row, productId, action: 'refused', problems });
      continue;
    }
    const passportId = await existingPassport(inject, page, row);
    rows.push({
      row: row.row,
      productId,
      action: passportId ? 'update' : 'create',
      problems: [],
      body: row.body,
      ...(passportId ? { passportId } : {}),
    });
  }
  const { member, tenant } = page.principal;
  return holds.put({ memberId: member.id, tenantId: tenant.id, category, rows });
}

/** The body a held row sends: a new passport a draft unless publishing; an update keeps its status. */
function bodyToSend(row: HeldRow, publish: boolean): Record<string, unknown> {
  const { status, ...body } = row.body ?? {};
  if (row.action === 'update') return body;
  return { ...body, status: publish && status !== 'DRAFT' ? 'ACTIVE' : 'DRAFT' };
}

/** Sends the held rows that passed, once; the hold then carries the report. */
export async function confirmImport(
  inject: Inject,
  page: SignedInPage,
  lang: Lang,
  held: HeldImport,
  publish: boolean,
): Promise<void> {
  // Sent once: a second confirmation (a double click, a resent form) finds it sending or done.
  if (held.done || held.sending) return;
  const ready = held.rows.filter((row) => row.action !== 'refused');
  if (ready.length === 0) throw new AppError('BAD_REQUEST', page.t('sheets.nothingToImport'));
  held.sending = true;
  try {
    const answer = await callApi(inject, page.principal, 'POST', '/api/v1/passports/bulk', {
      payload: { passports: ready.map((row) => bodyToSend(row, publish)) },
      headers: { 'accept-language': lang },
    });
    if (answer.status !== 200 && answer.status !== 201)
      throw new AppError('BAD_REQUEST', apiMessage(answer.body));
    applyBulkAnswer(ready, answer.body);
    // A row neither refused nor returned by the answer is not claimed as written.
    for (const row of held.rows) row.outcome ??= 'refused';
    held.done = { publish };
  } finally {
    held.sending = false;
  }
}
