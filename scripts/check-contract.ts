// `npm run contract:check` (run by .ci/run): the generated OpenAPI document against the latest
// released contract in contract/; exits 1 when the contract version moved less than the change needs.
import { CONTRACT_VERSION } from '../src/version.ts';
import { runContractCheck } from './contract-check.ts';
import { CONTRACT_DIR, generateOpenApiDocument } from './contract-files.ts';

const result = runContractCheck(CONTRACT_DIR, await generateOpenApiDocument(), CONTRACT_VERSION);
process.stdout.write(`${result.report}\n`);
process.exitCode = result.ok ? 0 : 1;
