// The passport's commodity code (docs/registry.md): the 8-digit Combined Nomenclature code the EU
// registry keeps beside each passport. Spaces and dots are accepted and removed; a 6-digit HS code is
// kept with a warning; a code outside the chapters or headings a category covers is a warning, not an
// error, because the classification is the customs authorities' to judge.
import { advisory } from '../categories/advisories.ts';
import type { AdvisoryItem } from '../categories/types.ts';

/** The digits of a commodity code (spaces and dots removed), or null when it cannot be one. */
export function normaliseCommodityCode(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const digits = raw.replace(/[\s.]/g, '');
  return /^\d{6}$|^\d{8}$/.test(digits) ? digits : null;
}

/** What each category covers: HS chapters (two digits, inclusive ranges) or headings (four digits). */
export interface CommodityRange {
  chapters?: readonly (readonly [number, number])[];
  headings?: readonly string[];
  /** In words, for the warning. */
  label: string;
}

export const COMMODITY_RANGES: Readonly<Record<string, CommodityRange>> = {
  batteries: { headings: ['8506', '8507'], label: '8506, 8507' },
  textiles: { chapters: [[50, 63]], label: '50–63' },
  electronics: { chapters: [[84, 85]], label: '84, 85' },
  toys: { headings: ['9503'], label: '9503' },
  chemicals: { chapters: [[28, 38]], label: '28–38' },
  // Construction products are classified across many chapters: no range is expected.
};

/** Whether a (normalised) code falls within what the category covers; true when it has no range. */
export function commodityCodeInRange(category: string, code: string): boolean {
  const range = COMMODITY_RANGES[category];
  if (!range) return true;
  const chapter = Number(code.slice(0, 2));
  if (range.chapters?.some(([from, to]) => chapter >= from && chapter <= to)) return true;
  return range.headings?.includes(code.slice(0, 4)) ?? false;
}

/** The warnings of a well-formed commodity code: an HS code only, a code outside the category's range. */
export function commodityCodeWarnings(category: string, raw: unknown): AdvisoryItem[] {
  const code = normaliseCommodityCode(raw);
  if (code === null) return [];
  const warnings: AdvisoryItem[] = [];
  if (code.length === 6) warnings.push(advisory('COMMODITY_CODE_NOT_CN', { code }, '/commodityCode'));
  if (!commodityCodeInRange(category, code)) {
    const expected = COMMODITY_RANGES[category]?.label ?? '';
    warnings.push(advisory('COMMODITY_CODE_UNEXPECTED', { code, category, expected }, '/commodityCode'));
  }
  return warnings;
}
