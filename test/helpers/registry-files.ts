// Reading the registry upload files a test downloaded: the ZIP's files, and their validation against
// the project's JSON Schema (ajv) and XSD (xmllint, Debian libxml2-utils).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import yauzl from 'yauzl';
import schema from '../../src/domain/registry/submission.schema.json' with { type: 'json' };

const run = promisify(execFile);
const XSD = new URL('../../src/domain/registry/submission.xsd', import.meta.url).pathname;

/** Every file of a ZIP held in memory, by name, in the ZIP's order. */
export function filesOfZip(zip: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    const files = new Map<string, string>();
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error) return reject(error);
      archive.on('error', reject);
      archive.on('end', () => resolve(files));
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (opened, stream) => {
          if (opened) return reject(opened);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}

// ajv-formats is CommonJS: the default import is the plugin or a module object carrying it.
const formats = formatsModule as unknown as FormatsPlugin & { default?: FormatsPlugin };
const addFormats: FormatsPlugin = formats.default ?? formats;
const ajv = new Ajv2020({ allErrors: true });
addFormats(ajv);
const validateJson = ajv.compile(schema);

/** The JSON Schema's errors for a JSON file (empty when it validates). */
export function jsonFileErrors(text: string): string[] {
  return validateJson(JSON.parse(text))
    ? []
    : (validateJson.errors ?? []).map((item) => `${item.instancePath} ${item.message}`);
}

/** xmllint's verdict on XML files against the XSD: null when all validate, else its complaint. */
export async function xmlFilesErrors(texts: readonly string[]): Promise<string | null> {
  const dir = await mkdtemp(join(tmpdir(), 'registry-xml-'));
  try {
    const paths = await Promise.all(
      texts.map(async (text, index) => {
        const path = join(dir, `file-${index}.xml`);
        await writeFile(path, text);
        return path;
      }),
    );
    await run('xmllint', ['--noout', '--schema', XSD, ...paths], { timeout: 60_000 });
    return null;
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? error);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
