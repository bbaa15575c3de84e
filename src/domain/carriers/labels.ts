// Print-ready labels: their options, and each label prepared (content worked out, every symbol
// encoded and checked) before anything is written, so a batch fails or warns before its first
// byte, never half-way through a stream. Layout and drawing: label-layout.ts, label-svg.ts,
// label-pdf.ts.
import { advisory } from '../categories/advisories.ts';
import type { AdvisoryItem } from '../categories/types.ts';
import { type CarrierContent, type CarrierSubject, carrierContent } from './content.ts';
import { dataMatrixMatrix, type ErrorCorrection, type ModuleMatrix, qrMatrix } from './matrix.ts';
import {
  CarrierOptionsError,
  DEFAULT_ERROR_CORRECTION,
  readErrorCorrection,
  SYMBOLOGIES,
  type Symbology,
} from './options.ts';
import { SYMBOLOGY_NAMES } from './render.ts';

export const LABEL_FORMATS = ['svg', 'pdf'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** The module size (X-dimension) of printed symbols: about GS1's target for 2D symbols at retail. */
export const DEFAULT_MODULE_MM = 0.5;
export const MIN_MODULE_MM = 0.25;
export const MAX_MODULE_MM = 2;

export interface LabelOptions {
  formats: LabelFormat[];
  symbologies: Symbology[];
  errorCorrection: ErrorCorrection;
  moduleMm: number;
}

export interface RawLabelOptions {
  formats?: unknown;
  symbologies?: unknown;
  errorCorrection?: unknown;
  moduleSizeMm?: unknown;
}

function distinctList<T extends string>(
  name: string,
  allowed: readonly T[],
  value: unknown,
  fallback: T[],
): T[] {
  if (value === undefined) return fallback;
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    !value.every((item) => (allowed as readonly unknown[]).includes(item))
  ) {
    throw new CarrierOptionsError(`${name} must be a non-empty list of ${allowed.join(', ')}`);
  }
  return [...new Set(value as T[])];
}

export function readLabelOptions(raw: RawLabelOptions): LabelOptions {
  const moduleMm = raw.moduleSizeMm ?? DEFAULT_MODULE_MM;
  if (typeof moduleMm !== 'number' || !(moduleMm >= MIN_MODULE_MM && moduleMm <= MAX_MODULE_MM)) {
    throw new CarrierOptionsError(`moduleSizeMm must be a number from ${MIN_MODULE_MM} to ${MAX_MODULE_MM}`);
  }
  return {
    formats: distinctList('formats', LABEL_FORMATS, raw.formats, ['svg', 'pdf']),
    symbologies: distinctList('symbologies', SYMBOLOGIES, raw.symbologies, ['qr']),
    errorCorrection:
      raw.errorCorrection === undefined ? DEFAULT_ERROR_CORRECTION : readErrorCorrection(raw.errorCorrection),
    moduleMm,
  };
}

export interface PreparedSymbol {
  symbology: Symbology;
  matrix: ModuleMatrix;
}

export interface PreparedLabel {
  /** The subject without its metadata: a batch keeps what the label shows, not whole passports. */
  subject: Omit<CarrierSubject, 'metadata'>;
  content: CarrierContent;
  symbols: PreparedSymbol[];
  warnings: AdvisoryItem[];
}

/** Batteries always carry the QR code of Regulation (EU) 2023/1542, Art. 13(6), whatever else is asked. */
const isBattery = (subject: CarrierSubject) => subject.kind === 'unit' || subject.category === 'batteries';

/**
 * Encodes every symbol of a label. A Data Matrix that cannot carry the subject's link (no GS1 key)
 * is left out with CARRIER_SYMBOLOGY_NOT_RENDERED at `path`; a label left with no symbol gets the QR
 * code, so no label is printed blank.
 */
export function prepareLabel(subject: CarrierSubject, options: LabelOptions, path?: string): PreparedLabel {
  const content = carrierContent(subject);
  const wanted: Symbology[] =
    isBattery(subject) && !options.symbologies.includes('qr')
      ? ['qr', ...options.symbologies]
      : options.symbologies;
  const symbols: PreparedSymbol[] = [];
  const warnings: AdvisoryItem[] = [];
  for (const symbology of wanted) {
    if (symbology === 'qr') {
      symbols.push({ symbology, matrix: qrMatrix(content.link, options.errorCorrection) });
      continue;
    }
    try {
      symbols.push({ symbology, matrix: dataMatrixMatrix('gs1dldatamatrix', content.link) });
    } catch {
      warnings.push(
        advisory('CARRIER_SYMBOLOGY_NOT_RENDERED', { symbology: SYMBOLOGY_NAMES[symbology] }, path),
      );
    }
  }
  if (symbols.length === 0)
    symbols.push({ symbology: 'qr', matrix: qrMatrix(content.link, options.errorCorrection) });
  const { metadata: _metadata, ...shown } = subject;
  return { subject: shown, content, symbols, warnings };
}
