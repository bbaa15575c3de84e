// What an import did, row by row: each sheet row's problems against its cells, found here before
// anything is sent (the checks of a create body, and the body hygiene every API body gets, in the
// page's language), and the bulk answer's refusals mapped back to the rows they are about. The bulk
// answer names each refused row by its index in the batch sent (`[row 3] …`), which is the one
// thing that identifies a row: product identifiers may repeat or be missing. A row counts as
// written only when the answer returns its passport, whose page it then links to.
import { type Lang, localise } from '../../core/i18n.ts';
import { firstJsonProblem, type JsonProblem, MAX_JSON_DEPTH } from '../../domain/json/hygiene.ts';
import { checkPassportBody } from '../../domain/passports/create-body.ts';
import { copyGtinIntoMetadata } from '../../domain/passports/gtin-copy.ts';
import { productIdentity } from '../../domain/passports/identity.ts';
import { cellAddress, columnOf, type SheetRow } from '../../domain/passports/sheet.ts';
import type { SignedInPage } from './frame.ts';

export interface RowProblem {
  /** The column's name in the path row; empty for a problem of the whole row. */
  column: string;
  /** Where it is in the sheet: `B7`, or the row's number alone. */
  cell: string;
  value: string;
  message: string;
}

export interface RowOutcome {
  /** The row's number in the sheet (the header is row 1). */
  row: number;
  productId: string;
  outcome: 'written' | 'refused';
  problems: RowProblem[];
  /** The written passport's id, for its link. */
  passportId?: string;
}

/** A hygiene problem of a value, worded for the page; `where` names the field or cell. */
export function unusableText(
  problem: JsonProblem,
  where: string,
  t: SignedInPage['t'],
  max = MAX_JSON_DEPTH,
): string {
  return t(`unusable.${problem.kind}`, { where, max });
}

/** The problems of one row, each against the cell it is about; `header` is the sheet's path row. */
export function rowProblems(
  row: SheetRow,
  header: readonly string[],
  lang: Lang,
  t: SignedInPage['t'],
): RowProblem[] {
  const cellAt = (path: string) => {
    const column = columnOf(path, header) ?? '';
    return { column, cell: cellAddress(column, row.row, header), value: row.cells[column] ?? '' };
  };
  // What the API refuses in any body: checked first, as it is the API's first check, and because a
  // value nested thousands of levels deep must not reach the validator.
  const hostile = firstJsonProblem(row.body, '', 2, MAX_JSON_DEPTH);
  if (hostile) {
    const cell = cellAt(hostile.path);
    return [{ ...cell, message: unusableText(hostile, cell.column || hostile.path, t) }];
  }
  // As the ingest does: a GTIN fills the category's identifier field when the row leaves it blank.
  const identity = typeof row.body.productId === 'string' ? productIdentity(row.body.productId) : null;
  const metadata =
    identity?.scheme === 'GTIN'
      ? copyGtinIntoMetadata(String(row.body.category), row.body.metadata, identity.productId).metadata
      : row.body.metadata;
  const checked = checkPassportBody({ ...row.body, metadata });
  const problems = localise(checked.errors, lang).map((item) => ({
    ...cellAt(item.path ?? ''),
    message: item.friendlyMessage,
  }));
  for (const column of row.unreadable)
    problems.push({
      column,
      cell: cellAddress(column, row.row, header),
      value: row.cells[column] ?? '',
      message: t('forms.jsonInvalid'),
    });
  return problems;
}

const REFUSED_ROW = /^\[row (\d+)\] /;

/**
 * Applies the bulk answer to the outcomes of the rows sent (`sent[i]` is the outcome of the batch's
 * row i): each refusal line to its row, with the reason alone, and each passport returned to the
 * rows not refused, in order, as the bulk writes them.
 */
export function applyBulkAnswer(
  sent: readonly (Omit<RowOutcome, 'outcome'> & { outcome?: RowOutcome['outcome'] })[],
  answer: { errors?: readonly string[]; passports?: readonly { id: unknown }[] },
): void {
  for (const line of answer.errors ?? []) {
    const found = REFUSED_ROW.exec(line);
    const outcome = found ? sent[Number(found[1])] : undefined;
    if (!outcome) continue;
    const reason = line.slice(found?.[0].length);
    const named = `[${outcome.productId}] `;
    outcome.problems.push({
      column: '',
      cell: String(outcome.row),
      value: '',
      message: reason.startsWith(named) ? reason.slice(named.length) : reason,
    });
  }
  const passports = answer.passports ?? [];
  const accepted = sent.filter((outcome) => outcome.problems.length === 0);
  for (const outcome of sent) if (outcome.problems.length > 0) outcome.outcome = 'refused';
  for (const [at, outcome] of accepted.entries()) {
    const passport = passports[at];
    // A row the answer neither refused nor returned is not claimed as written.
    if (!passport) continue;
    outcome.outcome = 'written';
    outcome.passportId = String(passport.id);
  }
}
