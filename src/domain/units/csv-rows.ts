// Units pasted as CSV for serialisation: one unit a line, `serialNumber[,status[,manufacturedAt]]`,
// an optional header line naming those columns, blank lines ignored. Fields are taken as written
// (trimmed); quoting is not supported, since none of the three fields may contain a comma. The
// values are checked by the units API, which answers per row.

export interface CsvUnit {
  /** 1-based line number in the pasted text, for error messages. */
  line: number;
  serialNumber: string;
  status?: string;
  manufacturedAt?: string;
}

export const MAX_CSV_UNITS = 5_000;

export function parseUnitCsv(text: string): { units: CsvUnit[]; tooMany: boolean } {
  const units: CsvUnit[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  for (const [index, raw] of lines.entries()) {
    const cells = raw.split(',').map((cell) => cell.trim());
    const [serialNumber = '', status = '', manufacturedAt = ''] = cells;
    if (cells.every((cell) => cell === '')) continue;
    if (units.length === 0 && serialNumber.toLowerCase() === 'serialnumber') continue;
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
