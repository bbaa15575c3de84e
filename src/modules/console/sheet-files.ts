// A category's spreadsheet files: the template to fill (its one example row from the category's own
// example) and one passport as a row of it (the export, which imports back as an update of that
// passport). Both lay out the columns of domain/passports/sheet-columns.ts in the page's language.
import type { Lang } from '../../core/i18n.ts';
import { ruleSchema } from '../../domain/categories/rules/as-schema.ts';
import type { Category, RuleCategory } from '../../domain/categories/types.ts';
import { exampleMetadata } from '../../domain/passports/samples.ts';
import type { Schema } from '../../domain/passports/schema-form.ts';
import { type SheetLayout, sheetLayout } from '../../domain/passports/sheet.ts';
import { EXAMPLE_PRODUCT_ID, templateColumns } from '../../domain/passports/sheet-columns.ts';
import { schemaFor } from './passport-form.ts';
import { sheetBook, sheetCsv } from './sheet-book.ts';
import { type LabelledColumn, labelColumns, rowCells } from './sheet-labels.ts';

type T = (key: string, params?: Record<string, string | number>) => string;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What a sheet's cells are read by: the category schema, or a rule category's fields in that shape. */
export const sheetSchemaFor = (category: Category): Schema =>
  schemaFor(category) ?? ruleSchema(category as RuleCategory);

/** The names a sheet of the category may have in its path row. */
export const layoutOf = (category: Category): SheetLayout =>
  sheetLayout(sheetSchemaFor(category), exampleMetadata(category));

/**
 * The most columns an uploaded sheet of the category may reach: twice the template's (an exported
 * passport repeats a list as often as it has items), the reader adding its margin to that.
 */
export const sheetWidth = (category: Category) => {
  const layout = layoutOf(category);
  return 2 * Math.max(layout.columns.length, layout.legacy.length);
};

function columnsFor(category: Category, lang: Lang, t: T, values: readonly unknown[]): LabelledColumn[] {
  const schema = sheetSchemaFor(category);
  return labelColumns(templateColumns(schema, values), { lang, category, schema, t });
}

/** The template: labels, paths, and the category's example as the one (marked) example row. */
export async function templateFile(
  category: Category,
  format: 'csv' | 'xlsx',
  lang: Lang,
  t: T,
): Promise<Buffer | string> {
  const example = exampleMetadata(category);
  const columns = columnsFor(category, lang, t, [example]);
  const body = { productId: EXAMPLE_PRODUCT_ID, originCountry: 'DE', metadata: example };
  const rows = [{ cells: rowCells(body, columns), example: true }];
  if (format === 'csv') return sheetCsv({ columns, rows });
  return sheetBook({ title: t('sheets.title', { category }), columns, rows, t });
}

/** One passport (its owner document) as a row of its category's sheet. */
export function passportFile(category: Category, document: Record<string, unknown>, lang: Lang, t: T) {
  const columns = columnsFor(category, lang, t, [document.metadata, exampleMetadata(category)]);
  const rows = [{ cells: rowCells(document, columns) }];
  return sheetBook({ title: t('sheets.title', { category }), columns, rows, t });
}
