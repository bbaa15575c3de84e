import { describe, expect, it } from 'vitest';
import { advisory, validationError } from './advisories.ts';
import { errorsFound, Findings, listsFewer, MAX_FINDINGS, MAX_LISTED_PER_CODE } from './findings.ts';

const item = (n: number) => validationError('UNKNOWN_FIELD', `/metadata/k${n}`, { field: `k${n}` });
const missing = (n: number) =>
  validationError('REQUIRED_FIELD_MISSING', `/metadata/m${n}`, { field: `m${n}` });

describe('Findings', () => {
  it('keeps errors, warnings and notices together up to the limit, then marks the result truncated', () => {
    const findings = new Findings(3);
    expect(findings.error(item(1))).toBe(true);
    expect(findings.warning(item(2))).toBe(true);
    expect(findings.notice(item(3))).toBe(true);
    expect(findings.result().truncated).toBeUndefined();
    expect(findings.error(item(4))).toBe(false);
    expect(findings.result()).toMatchObject({ errors: [item(1)], warnings: [item(2)], truncated: true });
  });

  it('says there is no room only when asked with the limit reached, and then marks truncated', () => {
    const findings = new Findings(1);
    expect(findings.hasRoom()).toBe(true);
    findings.error(item(1));
    expect(findings.result().truncated).toBeUndefined();
    expect(findings.hasRoom()).toBe(false);
    expect(findings.result().truncated).toBe(true);
  });

  it('lists the first findings of each code and only counts the rest, by code', () => {
    const findings = new Findings(100, 2);
    for (let n = 0; n < 5; n++) findings.error(item(n));
    findings.error(missing(0));
    const result = findings.result();
    expect(result.errors).toEqual([item(0), item(1), missing(0)]);
    expect(result.omitted).toEqual({ UNKNOWN_FIELD: 3 });
    // Every finding was seen: the checks did not stop, there are simply more than listed.
    expect(result.truncated).toBeUndefined();
    expect(listsFewer(result)).toBe(true);
    expect(errorsFound(result)).toBe(6);
  });

  it('builds the item of a finding only when it is listed', () => {
    const findings = new Findings(100, 1);
    let built = 0;
    const build = () => {
      built++;
      return item(built);
    };
    for (let n = 0; n < 10; n++) expect(findings.errorOf('UNKNOWN_FIELD', build)).toBe(true);
    expect(built).toBe(1);
    expect(findings.result().omitted).toEqual({ UNKNOWN_FIELD: 9 });
  });

  it('counts listed and counted findings alike towards the limit of findings', () => {
    const findings = new Findings(5, 2);
    for (let n = 0; n < 5; n++) expect(findings.error(item(n))).toBe(true);
    expect(findings.hasRoom()).toBe(false);
    expect(findings.error(item(5))).toBe(false);
    expect(findings.result()).toMatchObject({ omitted: { UNKNOWN_FIELD: 3 }, truncated: true });
  });

  it('counts warnings beside errors, and only errors in errorsFound', () => {
    const findings = new Findings(100, 1);
    for (let n = 0; n < 3; n++) {
      findings.warning(advisory('PII_SHAPE_DETECTED', { field: `f${n}`, kind: 'email' }, `/metadata/f${n}`));
    }
    findings.error(item(0));
    const result = findings.result();
    expect(result.omitted).toEqual({ PII_SHAPE_DETECTED: 2 });
    expect(errorsFound(result)).toBe(1);
  });

  it('finds 1,000 at most and lists 100 of a code by default', () => {
    const findings = new Findings();
    for (let n = 0; n < MAX_FINDINGS + 5; n++) findings.error(item(n));
    expect([MAX_FINDINGS, MAX_LISTED_PER_CODE]).toEqual([1000, 100]);
    const result = findings.result();
    expect(result.errors).toHaveLength(100);
    expect(result.omitted).toEqual({ UNKNOWN_FIELD: 900 });
    expect(result.truncated).toBe(true);
  });

  it('lists nothing more and marks nothing when there is nothing to omit', () => {
    const result = new Findings().result();
    expect(result).toEqual({ errors: [], warnings: [], notices: [] });
    expect(listsFewer(result)).toBe(false);
  });
});
