// Units given as CSV for serialisation (pasted or as a file): one unit a line,
// `serialNumber[,status[,manufacturedAt]]`, an optional header line naming those columns, blank
// lines ignored. Fields are taken as written (trimmed); quoting is not supported, since none of the
// three fields may contain a comma. A line with more columns, or a header naming other ones, makes
// the whole text refused: its columns are not the ones this format has. The values themselves are
// checked by the units API, which answers per row.

export interface CsvUnit {
  /** 1-based line number in the text, for error messages. */
  line: number;
  serialNumber: string;
  status?: string;
  manufacturedAt?: string;
}

export const MAX_CSV_UNITS = 5_000;
const COLUMNS = ['serialnumber', 'status', 'manufacturedat'];

export interface ParsedUnitCsv {
  units: CsvUnit[];
  tooMany: boolean;
  /** The first line whose columns are not this format's, with how many it has. */
  badColumns?: { line: number; count: number };
}

export function parseUnitCsv(text: string): ParsedUnitCsv {
  const units: CsvUnit[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  let seenContent = false;
  for (const [index, raw] of lines.entries()) {
    const cells = raw.split(',').map((cell) => cell.trim());
    const [serialNumber = '', status = '', manufacturedAt = ''] = cells;
    if (cells.every((cell) => cell === '')) continue;
    const first = !seenContent;
    seenContent = true;
    const badColumns = { units, tooMany: false, badColumns: { line: index + 1, count: cells.length } };
    if (cells.length > COLUMNS.length) return badColumns;
    if (first && serialNumber.toLowerCase() === COLUMNS[0]) {
      if (cells.some((cell, at) => cell.toLowerCase() !== COLUMNS[at])) return badColumns;
      continue;
    }
    if (units.length === MAX_CSV_UNITS) return { units, tooMany: true };
    units.push({
      line: index + 1,
      serialNumber,
      ...(status ? { status } : {}),
      ...(manufacturedAt ? { manufacturedAt } : {}),
    });
  }
  return { units, tooMany: false };
}
