// axe-core inside the page under test: the serious and critical violations it finds. Pages forbid
// inline scripts by their content policy, so the browser context that runs it must bypass the policy
// (`browser.newContext({ bypassCSP: true })`); the page's own markup and styles are what is judged.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axeSource });
  // Evaluated as source: the project's types are Node's, not the DOM's.
  const violations = await page.evaluate<AxeViolation[]>(`(async () => {
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => String(n.target)),
    }));
  })()`);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
