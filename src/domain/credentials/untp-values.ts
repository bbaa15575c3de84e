// Reading passport metadata into UNTP values: typed look-ups that answer undefined rather than
// guess, the unit codes, the regulations our claims cite, and the claim builder.
import type { UntpClaim, UntpLink, UntpMeasure, UntpRegulation } from './untp-types.ts';

type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted path, or undefined. */
export function at(root: unknown, path: string): unknown {
  let node = root;
  for (const key of path.split('.')) {
    if (!isObject(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

export const text = (root: unknown, path: string) => {
  const value = at(root, path);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};
export const num = (root: unknown, path: string) => {
  const value = at(root, path);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};
export const list = (root: unknown, path: string): unknown[] => {
  const value = at(root, path);
  return Array.isArray(value) ? value : [];
};
export const isUrl = (value: string | undefined): value is string => {
  if (value === undefined) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};
/** A share in percent as UNTP's fraction (0..1). */
export const fraction = (percent: number | undefined) =>
  percent === undefined || percent < 0 || percent > 100 ? undefined : Math.round(percent * 1e4) / 1e6;

/** UN/ECE Rec 20 codes for the units our schemas use; other units keep our schema's notation. */
const REC20: Record<string, string> = { kg: 'KGM', g: 'GRM', kWh: 'KWH', '%': 'P1', a: 'ANN' };
export const measure = (value: number, unit: string): UntpMeasure => ({
  value,
  unit: REC20[unit] ?? unit,
});

export const link = (linkURL: string | undefined, linkName: string): UntpLink[] =>
  isUrl(linkURL) ? [{ linkURL, linkName }] : [];

const EUROPEAN_COMMISSION = { id: 'https://commission.europa.eu/', name: 'European Commission' };
const regulation = (celex: string, name: string): UntpRegulation => ({
  type: ['Regulation'],
  id: `https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:${celex}`,
  name,
  jurisdictionCountry: 'EU',
  administeredBy: EUROPEAN_COMMISSION,
});
export const REGULATIONS = {
  batteries: regulation('32023R1542', 'Regulation (EU) 2023/1542 concerning batteries and waste batteries'),
  ecodesign: regulation('32024R1781', 'Regulation (EU) 2024/1781 on ecodesign requirements (ESPR)'),
  energyLabelling: regulation('32017R1369', 'Regulation (EU) 2017/1369 on energy labelling'),
  rohs: regulation('32011L0065', 'Directive 2011/65/EU on hazardous substances in EEE (RoHS)'),
  clp: regulation('32008R1272', 'Regulation (EC) No 1272/2008 on classification and labelling (CLP)'),
  cpr: regulation('32011R0305', 'Regulation (EU) No 305/2011 on construction products (CPR)'),
  cbam: regulation('32023R0956', 'Regulation (EU) 2023/956 (Carbon Border Adjustment Mechanism)'),
} as const;

export interface ClaimInput {
  subjectId: string;
  key: string;
  description: string;
  regulation: UntpRegulation;
  topic: string;
  conformance?: boolean;
  metric?: { name: string; value: number | undefined; unit: string };
  evidence?: string;
}

export function claim(input: ClaimInput): UntpClaim[] {
  if (input.metric !== undefined && input.metric.value === undefined) return [];
  const result: UntpClaim = {
    type: ['Claim', 'Declaration'],
    id: `${input.subjectId}#${input.key}`,
    description: input.description,
    referenceRegulation: input.regulation,
    conformance: input.conformance ?? true,
    conformityTopic: input.topic,
  };
  if (input.metric?.value !== undefined) {
    result.declaredValue = [
      {
        metricName: input.metric.name,
        metricValue: measure(input.metric.value, input.metric.unit),
      },
    ];
  }
  if (isUrl(input.evidence)) {
    result.conformityEvidence = {
      linkURL: input.evidence,
      linkName: input.description,
    };
  }
  return [result];
}

export const dateOnly = (value: string | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
