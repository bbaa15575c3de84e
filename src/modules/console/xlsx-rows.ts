// The rows of an uploaded XLSX's first sheet, as text. The file's parts are first taken out under
// limits (xlsx-entries.ts); the parts that passed are put back in a zip of their own, stored and in
// the order ExcelJS's streaming reader wants them (shared strings before the sheets, so it never
// spills a sheet to a temporary file), and read row by row. The reader is fed a slice at a time,
// with a turn of the event loop between slices, so a large but honest sheet never holds the loop.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { type XlsxLimits, type XlsxRefusal, xlsxParts } from './xlsx-entries.ts';

const SLICE_BYTES = 64 * 1024;
/** The parts in the order the streaming reader needs them; sheets last, by number. */
const PART_ORDER = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];
const EMPTY_STRINGS =
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>';

const sheetNumber = (name: string) => Number(/sheet(\d+)\.xml$/.exec(name)?.[1] ?? 0);

async function storedZip(parts: Map<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const strings = parts.get('xl/sharedStrings.xml') ?? Buffer.from(EMPTY_STRINGS);
  for (const name of PART_ORDER) {
    const part = name === 'xl/sharedStrings.xml' ? strings : parts.get(name);
    if (part) zip.addBuffer(part, name, { compress: false });
  }
  const sheets = [...parts.keys()].filter((name) => name.startsWith('xl/worksheets/'));
  for (const name of sheets.sort((a, b) => sheetNumber(a) - sheetNumber(b)))
    zip.addBuffer(parts.get(name) as Buffer, name, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The bytes a slice at a time, yielding the event loop between slices. */
function sliced(bytes: Buffer): Readable {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
        yield bytes.subarray(at, at + SLICE_BYTES);
        await nextTurn();
      }
    })(),
  );
}

/** A cell as text: dates as ISO dates, numbers as written, rich text and formulas as shown. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return String(value);
  return cell.text ?? '';
}

/** The first sheet's rows (row n at index n - 1), or why the file is refused. */
export async function xlsxRows(
  bytes: Buffer,
  limits: XlsxLimits,
): Promise<{ rows: string[][] } | { refused: XlsxRefusal }> {
  const taken = await xlsxParts(bytes, limits);
  if ('refused' in taken) return taken;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(sliced(await storedZip(taken.parts)), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows: string[][] = [];
  let first = true;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        // The scan bounded every cell; a row element alone beyond them holds nothing.
        if (!first || row.number > limits.rows) continue;
        const cells: string[] = [];
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          cells[column - 1] = cellText(cell);
        });
        rows[row.number - 1] = Array.from(cells, (cell) => cell ?? '');
      }
      first = false;
    }
  } catch {
    return { refused: { kind: 'unreadable' } };
  }
  return { rows: Array.from(rows, (row) => row ?? []) };
}
