// `npm run lint:imports` (part of `npm run lint`): the import rules of .dependency-cruiser.cjs on src,
// and the module rules no import shows (scripts/module-rules.ts: every module folder has its place in
// module-order.json, and no service hands on a store function). Violations listed in .dependency-cruiser-known-violations.json are tolerated
// until fixed; any other fails. `--write-known` rewrites that list from today's violations: run it to
// shrink the list after fixing some, never to let a new violation in (the diff of the file shows which
// it did).
import { writeFileSync } from 'node:fs';
import {
  cruiseSource,
  describeViolation,
  KNOWN_VIOLATIONS_FILE,
  knownViolationsFile,
  newViolations,
  readKnownViolations,
} from './import-rules.ts';
import { storeHandOvers, unexplainedServiceFiles, unorderedModules } from './module-rules.ts';
import { routeRuleBreaks } from './route-rules.ts';

if (process.argv.includes('--write-known')) {
  const result = await cruiseSource();
  writeFileSync(KNOWN_VIOLATIONS_FILE, knownViolationsFile(result));
  process.stdout.write(`import rules: ${result.summary.violations.length} known violations written\n`);
} else {
  const known = readKnownViolations();
  const result = await cruiseSource({ knownViolations: known });
  const fresh = newViolations(result).map(describeViolation);
  fresh.push(...unorderedModules(), ...storeHandOvers(), ...unexplainedServiceFiles(), ...routeRuleBreaks());
  for (const line of fresh) process.stdout.write(`${line}\n`);
  // Known violations the cruise no longer reports (the list is stale by that many).
  const present = new Set(result.summary.violations.map((v) => `${v.rule.name} ${v.from} ${v.to}`));
  const stale = known.filter((v) => !present.has(`${v.rule.name} ${v.from} ${v.to}`)).length;
  process.stdout.write(
    `import rules: ${result.summary.totalCruised} files, ${fresh.length} new violations, ` +
      `${known.length - stale} known ones left` +
      (stale > 0 ? `, ${stale} known ones fixed (npm run lint:imports -- --write-known drops them)` : '') +
      '\n',
  );
  process.exitCode = fresh.length > 0 ? 1 : 0;
}
