// Reads the Battery Pass data model v1.2 from CONFORMANCE_DIR: the SAMM aspect models (Turtle), the
// generated sample payloads (UTF-16LE with BOM).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AccessTier } from '../../src/domain/categories/types.ts';
import { material } from './material.ts';

export const BATTERYPASS_DIR = material('batterypass-data-model');

export interface AspectFiles {
  aspect: string;
  ttl: string;
  payload: string;
}

const base = (name: string, version: string) =>
  join(BATTERYPASS_DIR, 'BatteryPass', `io.BatteryPass.${name}`, version);

/** The seven aspects; Performance in its 1.2.1 revision, which SOURCE.md says to prefer. */
export const ASPECTS: readonly AspectFiles[] = [
  {
    aspect: 'GeneralProductInformation',
    dir: base('GeneralProductInformation', '1.2.0'),
    gen: 'GeneralProductInformation-payload.json',
  },
  {
    aspect: 'CarbonFootprintForBatteries',
    dir: base('CarbonFootprint', '1.2.0'),
    gen: 'CarbonFootprintForBatteries-payload.json',
  },
  { aspect: 'Circularity', dir: base('Circularity', '1.2.0'), gen: 'Circularity.json' },
  { aspect: 'Labeling', dir: base('Labels', '1.2.0'), gen: 'Labeling-payload.json' },
  {
    aspect: 'MaterialComposition',
    dir: base('MaterialComposition', '1.2.0'),
    gen: 'MaterialComposition-payload.json',
  },
  {
    aspect: 'PerformanceAndDurability',
    dir: base('Performance', '1.2.1'),
    gen: 'PerformanceAndDurability.json',
  },
  {
    aspect: 'SupplyChainDueDiligence',
    dir: base('SupplyChainDueDiligence', '1.2.0'),
    gen: 'SupplyChainDueDiligence-payload.json',
  },
].map(({ aspect, dir, gen }) => ({
  aspect,
  ttl: join(dir, `${aspect}.ttl`),
  payload: join(dir, 'gen', gen),
}));

/** Text of a file that may be UTF-16LE with a byte-order mark (all generated files but one are). */
export function readText(path: string): string {
  const bytes = readFileSync(path);
  const text = bytes[0] === 0xff && bytes[1] === 0xfe ? bytes.toString('utf16le') : bytes.toString('utf8');
  return text.replace(/^\uFEFF/, '');
}

export function readPayload(files: AspectFiles): unknown {
  return JSON.parse(readText(files.payload));
}

export interface SammProperty {
  key: string;
  /** Annex XIII points cited by the property or its characteristic, e.g. `1a`, `2c`, `4c`. */
  annexXiii: string[];
}

/** Every `samm:Property` of a Turtle aspect model, with the Annex XIII points its text cites. */
export function sammProperties(files: AspectFiles): SammProperty[] {
  const blocks = new Map<string, string>();
  for (const block of readText(files.ttl).split(/\r?\n\s*\r?\n/)) {
    const name = /^:(\w+) a /m.exec(block)?.[1];
    if (name !== undefined) blocks.set(name, block);
  }
  const properties: SammProperty[] = [];
  for (const [name, block] of blocks) {
    if (!/ a samm:Property\b/.test(block)) continue;
    const characteristic = /samm:characteristic :(\w+)/.exec(block)?.[1];
    const text = `${block}\n${characteristic === undefined ? '' : (blocks.get(characteristic) ?? '')}`;
    const points = [...text.matchAll(/Annex XIII\s*\((\d\w*)\)/g)].map((m) => m[1] ?? '');
    properties.push({ key: `${files.aspect}.${name}`, annexXiii: [...new Set(points)] });
  }
  return properties;
}

/** Art. 77(2) and Annex XIII: point 1 public, 2 legitimate interest (and the Commission), 3 authorities, 4 legitimate interest. */
export function tierOfAnnexPoint(point: string): AccessTier {
  if (point.startsWith('1')) return 'public';
  if (point.startsWith('3')) return 'authority';
  return 'legitimate-interest';
}
