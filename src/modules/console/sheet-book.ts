// A category's spreadsheet as people fill it, XLSX or CSV: a row of labels in the page's language, a
// row of field paths (what the import reads), then the rows (the template's one example row, marked,
// or an exported passport). The XLSX adds a choice list (data validation) to every column of an enum
// or a country, drawn from a hidden sheet of lists, and a notes sheet explaining each column. The
// import reads the first sheet only, and only the sheet holding the passports is ever inflated on
// upload (xlsx-entries.ts): the lists may be longer than a sheet of passports may be.
import ExcelJS from 'exceljs';
import { csvLine, MAX_SHEET_ROWS } from '../../domain/passports/sheet.ts';
import { columnLetters } from '../../domain/passports/sheet-columns.ts';
import type { LabelledColumn } from './sheet-labels.ts';

/** The rows above the passports: labels and paths. */
export const HEAD_ROWS = 2;
/** The last row a choice list covers: the head, an example row and the most passports a file takes. */
export const LAST_SHEET_ROW = HEAD_ROWS + 1 + MAX_SHEET_ROWS;

export interface SheetRowCells {
  cells: string[];
  /** The template's example row: shown in italics, with a note, refused if imported unchanged. */
  example?: boolean;
}

export interface SheetBookInput {
  title: string;
  columns: readonly LabelledColumn[];
  rows: readonly SheetRowCells[];
  t: (key: string, params?: Record<string, string | number>) => string;
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;
/** ExcelJS keeps a sheet's validations by range (its typings leave the property out). */
type Validated = ExcelJS.Worksheet & {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
};

/** A cell's value: a number column's figures as a number, so a spreadsheet shows it in its locale. */
function cellValue(text: string, column: LabelledColumn): string | number {
  const type = column.schema?.type;
  return (type === 'number' || type === 'integer') && NUMBER.test(text) ? Number(text) : text;
}

/** The choice lists, one column each of a hidden sheet, and a validation of each column that has one. */
function addChoiceLists(book: ExcelJS.Workbook, sheet: ExcelJS.Worksheet, input: SheetBookInput): void {
  const lists = book.addWorksheet(input.t('sheets.listsSheet'), { state: 'hidden' });
  const placed = new Map<string[], string>();
  for (const [at, column] of input.columns.entries()) {
    const { choices } = column;
    if (!choices || choices.length === 0) continue;
    let range = placed.get(choices);
    if (!range) {
      const letters = columnLetters(placed.size);
      choices.forEach((entry, row) => {
        lists.getCell(`${letters}${row + 1}`).value = entry;
      });
      range = `'${lists.name.replaceAll("'", "''")}'!$${letters}$1:$${letters}$${choices.length}`;
      placed.set(choices, range);
    }
    const letters = columnLetters(at);
    (sheet as Validated).dataValidations.add(`${letters}${HEAD_ROWS + 1}:${letters}${LAST_SHEET_ROW}`, {
      type: 'list',
      allowBlank: true,
      formulae: [range],
      showErrorMessage: true,
      errorStyle: 'warning',
      errorTitle: column.label,
      error: input.t('sheets.choiceError'),
    });
  }
}

/** The notes sheet: how to fill the sheet, then each column's label, path and help. */
function addNotes(book: ExcelJS.Workbook, input: SheetBookInput): void {
  const notes = book.addWorksheet(input.t('sheets.notesSheet'));
  notes.columns = [{ width: 10 }, { width: 40 }, { width: 50 }, { width: 80 }];
  notes.addRow([input.title]).font = { bold: true, size: 14 };
  for (const key of ['rows', 'example', 'lists', 'choices', 'formats', 'limit', 'drafts'])
    notes.addRow([input.t(`sheets.note.${key}`, { max: MAX_SHEET_ROWS })]);
  notes.addRow([]);
  const head = notes.addRow([
    input.t('create.sheetColumn'),
    input.t('sheets.label'),
    input.t('sheets.path'),
    input.t('sheets.help'),
  ]);
  head.font = { bold: true };
  input.columns.forEach((column, at) => {
    notes.addRow([columnLetters(at), column.label, column.name, column.hint]);
  });
}

/** The workbook: the passports' sheet (labels, paths, rows), the notes, the hidden lists. */
export async function sheetBook(input: SheetBookInput): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(input.t('sheets.dataSheet'));
  sheet.columns = input.columns.map((column) => ({
    width: Math.min(40, Math.max(14, column.label.length + 2)),
  }));
  const labels = sheet.addRow(input.columns.map((column) => column.label));
  labels.font = { bold: true };
  labels.alignment = { wrapText: true, vertical: 'top' };
  const paths = sheet.addRow(input.columns.map((column) => column.name));
  paths.font = { color: { argb: 'FF595959' }, size: 9 };
  for (const row of input.rows) {
    const added = sheet.addRow(
      row.cells.map((text, at) => cellValue(text, input.columns[at] as LabelledColumn)),
    );
    if (!row.example) continue;
    added.font = { italic: true, color: { argb: 'FF595959' } };
    added.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };
    added.getCell(1).note = input.t('sheets.exampleNote');
  }
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: HEAD_ROWS }];
  addNotes(book, input);
  addChoiceLists(book, sheet, input);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The same as CSV: the label row, the path row, the rows. */
export function sheetCsv(input: Pick<SheetBookInput, 'columns' | 'rows'>): string {
  const lines = [
    input.columns.map((column) => column.label),
    input.columns.map((column) => column.name),
    ...input.rows.map((row) => row.cells),
  ];
  return `${lines.map(csvLine).join('\r\n')}\r\n`;
}
