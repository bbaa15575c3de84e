// The files to upload to the EU DPP registry: the entries in files of at most ENTRIES_PER_FILE, as
// JSON (an object whose `registrations` array holds the entries) or XML (docs/registry.md), packed
// in one ZIP.

import { create } from 'xmlbuilder2';
import yazl from 'yazl';
import {
  ENTRIES_PER_FILE,
  ENTRY_FIELDS,
  type RegistryEntry,
  SUBMISSION_FORMAT,
  SUBMISSION_NAMESPACE,
} from './mapping.ts';

export type SubmissionFormat = 'json' | 'xml';

export interface SubmissionFile {
  name: string;
  text: string;
}

export function jsonFile(entries: readonly RegistryEntry[], createdAt: Date): string {
  return `${JSON.stringify({ format: SUBMISSION_FORMAT, createdAt: createdAt.toISOString(), registrations: entries }, null, 2)}\n`;
}

export function xmlFile(entries: readonly RegistryEntry[], createdAt: Date): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(SUBMISSION_NAMESPACE, 'registrations', {
    format: SUBMISSION_FORMAT,
    createdAt: createdAt.toISOString(),
  });
  for (const entry of entries) {
    const element = root.ele('registration');
    for (const [name] of ENTRY_FIELDS) {
      const value = entry[name];
      if (value !== undefined) element.ele(name).txt(String(value));
    }
  }
  return root.end({ prettyPrint: true });
}

/** The entries cut into files of at most ENTRIES_PER_FILE, named in order. */
export function submissionFiles(
  entries: readonly RegistryEntry[],
  format: SubmissionFormat,
  createdAt: Date,
  prefix = 'registrations',
): SubmissionFile[] {
  const files: SubmissionFile[] = [];
  for (let start = 0; start < entries.length; start += ENTRIES_PER_FILE) {
    const part = entries.slice(start, start + ENTRIES_PER_FILE);
    const number = String(files.length + 1).padStart(3, '0');
    files.push({
      name: `${prefix}-${number}.${format}`,
      text: format === 'json' ? jsonFile(part, createdAt) : xmlFile(part, createdAt),
    });
  }
  return files;
}

/** The files in one ZIP, in memory (at most a few MB: some hundred bytes per entry). */
export function zipOf(files: readonly SubmissionFile[], createdAt: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(Buffer.from(file.text, 'utf8'), file.name, { mtime: createdAt });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
