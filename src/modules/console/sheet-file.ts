// The rows of an uploaded spreadsheet, CSV in UTF-8 or XLSX, under the import's limits. The upload
// itself is at most 1 MiB (upload.ts); an XLSX is a zip, so what it unpacks to is bounded too: the
// parts read may inflate to 8 MiB together, a sheet may reach the width it is given and a few
// more columns (a column a member added is then named in the refusal) and the template's two head
// rows, its example row and 200 rows, and a cell may hold 64 KiB. Each refusal is an AppError
// worded in the page's language.
import { AppError } from '../../core/errors.ts';
import { MAX_SHEET_ROWS, parseCsv } from '../../domain/passports/sheet.ts';
import type { SignedInPage } from './frame.ts';
import { utf8Text } from './upload.ts';
import type { XlsxRefusal } from './xlsx-entries.ts';
import { xlsxRows } from './xlsx-rows.ts';

const KiB = 1024;
const MiB = 1024 * KiB;
/** Columns a sheet may have beyond its template's, so a stray one is named rather than refused blind. */
const COLUMN_MARGIN = 10;
/** Rows above the passports a template has: its labels, its paths and its example. */
const HEAD_AND_EXAMPLE = 3;
export const SHEET_LIMITS = {
  unpackedBytes: 8 * MiB,
  cellBytes: 64 * KiB,
  rows: MAX_SHEET_ROWS + HEAD_AND_EXAMPLE,
};

function refusal(refused: XlsxRefusal, t: SignedInPage['t']): AppError {
  switch (refused.kind) {
    case 'unpacked':
      return new AppError(
        'PAYLOAD_TOO_LARGE',
        t('create.sheetUnpacked', { max: SHEET_LIMITS.unpackedBytes / MiB, rows: MAX_SHEET_ROWS }),
      );
    case 'cell':
      return new AppError('PAYLOAD_TOO_LARGE', t('create.sheetCell', { max: SHEET_LIMITS.cellBytes / KiB }));
    case 'beyond':
      return new AppError(
        'BAD_REQUEST',
        t('create.sheetBeyond', { cell: refused.cell, rows: SHEET_LIMITS.rows }),
      );
    default:
      return new AppError('BAD_REQUEST', t('create.sheetUnreadable'));
  }
}

/** The rows of the file (an XLSX by its zip signature, else CSV), for a template of `columns` columns. */
export async function sheetFileRows(
  bytes: Buffer,
  columns: number,
  t: SignedInPage['t'],
): Promise<string[][]> {
  if (bytes.subarray(0, 2).toString('latin1') === 'PK') {
    const read = await xlsxRows(bytes, { ...SHEET_LIMITS, columns: columns + COLUMN_MARGIN });
    if ('refused' in read) throw refusal(read.refused, t);
    return read.rows;
  }
  const rows = parseCsv(utf8Text(bytes, t));
  if (rows.some((row) => row.some((cell) => Buffer.byteLength(cell) > SHEET_LIMITS.cellBytes)))
    throw refusal({ kind: 'cell' }, t);
  return rows;
}
