// `npm run docs:graph`: the module graph of src as docs/module-graph.svg, one node per module folder
// and per layer, drawn by Graphviz (`dot`, Debian package graphviz) from dependency-cruiser's dot
// output. Imports that break a rule of .dependency-cruiser.cjs are red and labelled with the rule.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cruiseSource, formatted, ROOT } from './import-rules.ts';

const GRAPH_FILE = join(ROOT, 'docs', 'module-graph.svg');

const dot = await formatted(await cruiseSource(), 'dot');
const drawn = spawnSync('dot', ['-Tsvg'], { input: dot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (drawn.error || drawn.status !== 0) {
  process.stderr.write(`dot failed (is Graphviz installed?): ${drawn.error?.message ?? drawn.stderr}\n`);
  process.exit(1);
}
writeFileSync(GRAPH_FILE, drawn.stdout);
process.stdout.write(`module graph written to docs/module-graph.svg\n`);
