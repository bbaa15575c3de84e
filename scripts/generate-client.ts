// `npm run client:generate`: client/schema.d.ts from the contract this build implements, by
// openapi-typescript, so the typed client follows the committed snapshot and nothing else.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTRACT_VERSION } from '../src/version.ts';
import { CONTRACT_DIR, snapshotName } from './contract-files.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const snapshot = join(CONTRACT_DIR, snapshotName(CONTRACT_VERSION));
if (!existsSync(snapshot)) {
  process.stderr.write(`no snapshot of contract ${CONTRACT_VERSION}: run npm run contract:snapshot first\n`);
  process.exit(1);
}
execFileSync(
  join(root, 'node_modules', '.bin', 'openapi-typescript'),
  [snapshot, '--output', join(root, 'client', 'schema.d.ts')],
  { stdio: 'inherit', cwd: root },
);
