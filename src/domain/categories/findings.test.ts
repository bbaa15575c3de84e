import { describe, expect, it } from 'vitest';
import { validationError } from './advisories.ts';
import { Findings, MAX_FINDINGS } from './findings.ts';

const item = (n: number) => validationError('UNKNOWN_FIELD', `/metadata/k${n}`, { field: `k${n}` });

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

  it('is 1,000 by default', () => {
    const findings = new Findings();
    for (let n = 0; n < MAX_FINDINGS + 5; n++) findings.error(item(n));
    expect(MAX_FINDINGS).toBe(1000);
    expect(findings.errors).toHaveLength(1000);
    expect(findings.result().truncated).toBe(true);
  });
});
