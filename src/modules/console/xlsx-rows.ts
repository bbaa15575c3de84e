// The rows of an uploaded XLSX's first sheet, as text. The file's parts are first taken out under
// limits (xlsx-entries.ts); the parts that passed are put back in a zip of their own, stored and in
// the order ExcelJS's streaming reader wants them (shared strings before the sheets, so it never
// spills a sheet to a temporary file), and read row by row. The reader is fed a slice at a time,
// with a turn of the event loop between slices, so a large but honest sheet never holds the loop.
// The zip is written here rather than with yazl: yazl checksums a buffer in JavaScript in one go
// (tens of milliseconds for a few MiB), where zlib's crc32 is native.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { type XlsxLimits, type XlsxRefusal, xlsxParts } from './xlsx-entries.ts';

const SLICE_BYTES = 16 * 1024;
/** The parts in the order the streaming reader needs them; sheets last, by number. */
const PART_ORDER = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];
const EMPTY_STRINGS =
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>';

const sheetNumber = (name: string) => Number(/sheet(\d+)\.xml$/.exec(name)?.[1] ?? 0);

/** A zip of these parts, in this order, stored (not compressed). */
function storedZip(parts: [string, Buffer][]): Buffer {
  const pieces: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of parts) {
    const path = Buffer.from(name);
    const sum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(sum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(path.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(sum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(path.length, 28);
    central.writeUInt32LE(offset, 42);
    pieces.push(local, path, data);
    directory.push(central, path);
    offset += local.length + path.length + data.length;
  }
  const size = directory.reduce((sum, piece) => sum + piece.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...pieces, ...directory, end]);
}

/** The parts in the order the streaming reader needs them: shared strings (empty if none), then sheets. */
function inReadingOrder(parts: Map<string, Buffer>): [string, Buffer][] {
  const strings = parts.get('xl/sharedStrings.xml') ?? Buffer.from(EMPTY_STRINGS);
  const first = PART_ORDER.flatMap((name): [string, Buffer][] => {
    const part = name === 'xl/sharedStrings.xml' ? strings : parts.get(name);
    return part ? [[name, part]] : [];
  });
  const sheets = [...parts.keys()]
    .filter((name) => name.startsWith('xl/worksheets/'))
    .sort((a, b) => sheetNumber(a) - sheetNumber(b));
  return [...first, ...sheets.map((name): [string, Buffer] => [name, parts.get(name) as Buffer])];
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
    // A byte stream holding one slice ahead: the reader cannot run far ahead of the turns.
    { objectMode: false, highWaterMark: SLICE_BYTES },
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
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(sliced(storedZip(inReadingOrder(taken.parts))), {
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
