// What a passport's or a unit's data carrier says: its GS1 Digital Link when its product id is a
// GS1 key, else the node's own URL for it (a battery needs a scannable QR code either way: Regulation
// (EU) 2023/1542, Art. 13(6) and 77(3)), the GS1 element string for a Data Matrix, the HRI text
// printed beside the symbol, and the title of a label.
import { toHri } from '../gs1/element-string.ts';

export interface CarrierSubject {
  kind: 'passport' | 'unit';
  id: string;
  /** The GS1 Digital Link the node computed for it (digitalLinkUri), or null for a SKU. */
  digitalLink: string | null;
  /** Where the node resolves it without a GS1 key: `{base}/passport/{id}` or `{base}/unit/{id}`. */
  nodeUrl: string;
  productIdScheme: string;
  productId: string;
  serialNumber?: string;
  category: string;
  /** The passport's category metadata, for the label title. */
  metadata?: unknown;
}

export interface CarrierContent {
  /** The text a QR code encodes: the Digital Link, else the node URL. */
  link: string;
  /** True when `link` is a GS1 Digital Link. */
  gs1: boolean;
  /** `(01)…(21)…` when the product id is a GS1 key, else null. */
  elementString: string | null;
  /** Printed HRI: `(01) 04006381333931 (21) SN-42` (a space after each AI and between element
   * strings, so a label can break lines between them), or the SKU and serial. */
  hri: string;
  title: string;
}

const KEY_AI: Record<string, string> = { GTIN: '01', GRAI: '8003' };

export function carrierContent(subject: CarrierSubject): CarrierContent {
  const keyAi = KEY_AI[subject.productIdScheme];
  const pairs: [string, string][] = [];
  if (keyAi) {
    pairs.push([keyAi, subject.productId]);
    if (subject.serialNumber !== undefined) pairs.push(['21', subject.serialNumber]);
  }
  const elementString = pairs.length > 0 ? toHri(pairs.map(([ai, value]) => ({ ai, value }))) : null;
  const hri =
    pairs.length > 0
      ? pairs.map(([ai, value]) => `(${ai}) ${value}`).join(' ')
      : [subject.productId, subject.serialNumber].filter((part) => part !== undefined).join(' / ');
  return {
    link: subject.digitalLink ?? subject.nodeUrl,
    gs1: subject.digitalLink !== null,
    elementString,
    hri,
    title: labelTitle(subject),
  };
}

// Where the categories keep a product's name, most specific first.
const TITLE_POINTERS = [
  ['productInformation', 'productName'],
  ['productName'],
  ['generalInformation', 'batteryModel'],
  ['productInformation', 'tradeName'],
  ['productInformation', 'model'],
] as const;

const MAX_TITLE = 80;

function labelTitle(subject: CarrierSubject): string {
  let title: string | undefined;
  for (const pointer of TITLE_POINTERS) {
    let value: unknown = subject.metadata;
    for (const key of pointer) {
      value =
        typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    }
    if (typeof value === 'string' && value.trim() !== '') {
      title = value.trim().replace(/\s+/g, ' ');
      break;
    }
  }
  title ??= subject.productId;
  if (subject.kind === 'unit' && subject.serialNumber !== undefined)
    title = `${title} · ${subject.serialNumber}`;
  // Cut by code points, so a character outside the BMP is never halved.
  const characters = Array.from(title);
  return characters.length > MAX_TITLE ? `${characters.slice(0, MAX_TITLE - 1).join('')}…` : title;
}
