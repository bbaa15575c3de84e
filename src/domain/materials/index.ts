// Curated material vocabulary for passports: battery, textile, electronics, metal and chemical
// materials, flagged per the Critical Raw Materials Act (Regulation (EU) 2024/1252): Annex I lists the
// strategic raw materials, Annex II the critical ones. CAS/EC numbers are only given where certain.
import data from './materials.json' with { type: 'json' };

export interface Material {
  /** Stable slug, referenced from passport metadata (e.g. `criticalRawMaterials`). */
  id: string;
  name: string;
  casNumber?: string;
  ecNumber?: string;
  group: string;
  criticalRawMaterial: boolean;
  strategicRawMaterial: boolean;
  /** Why a flag applies only in part, e.g. "Strategic as battery grade." */
  note?: string;
}

export const materials: readonly Material[] = Object.freeze(data.map((m) => Object.freeze({ ...m })));

const byKey = new Map<string, Material>();
for (const material of materials) {
  byKey.set(material.id, material);
  // Ids never look like CAS numbers, so one map serves both lookups.
  if (material.casNumber !== undefined && !byKey.has(material.casNumber))
    byKey.set(material.casNumber, material);
}

/** Look a material up by id or by CAS number (surrounding spaces ignored, ids case-insensitive). */
export function findMaterial(idOrCas: string): Material | undefined {
  const key = idOrCas.trim();
  return byKey.get(key) ?? byKey.get(key.toLowerCase());
}

/** CAS Registry Number check: the last digit is the weighted sum of the others (weights 1, 2, … from the right) mod 10. */
export function isValidCasNumber(value: string): boolean {
  const match = /^(\d{2,7})-(\d{2})-(\d)$/.exec(value);
  if (match === null) return false;
  const digits = `${match[1]}${match[2]}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i + 1);
  return sum % 10 === Number(match[3]);
}

/** EC number check: the seventh digit is the sum of the first six weighted 1 to 6, mod 11. */
export function isValidEcNumber(value: string): boolean {
  const match = /^(\d{3})-(\d{3})-(\d)$/.exec(value);
  if (match === null) return false;
  const digits = `${match[1]}${match[2]}`;
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(digits[i]) * (i + 1);
  return sum % 11 === Number(match[3]);
}
