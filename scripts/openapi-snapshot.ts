// `npm run contract:snapshot`: records the contract this build implements as
// contract/openapi-<version>.json (canonical JSON), the file later builds are checked against.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../src/domain/contract/canonical-json.ts';
import { CONTRACT_VERSION } from '../src/version.ts';
import { CONTRACT_DIR, generateOpenApiDocument, snapshotName } from './contract-files.ts';

const document = await generateOpenApiDocument();
mkdirSync(CONTRACT_DIR, { recursive: true });
const path = join(CONTRACT_DIR, snapshotName(CONTRACT_VERSION));
writeFileSync(path, canonicalJson(document));
process.stdout.write(`contract ${CONTRACT_VERSION} written to contract/${snapshotName(CONTRACT_VERSION)}\n`);
