// Where the external conformance material lives: CONFORMANCE_DIR, by default the shared folder beside
// the checkout. Tests read it at run time; nothing of it is copied into the project.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CONFORMANCE_DIR = resolve(process.cwd(), process.env.CONFORMANCE_DIR ?? '../shared/conformance');

/** Absolute path of a file or folder of the material, e.g. `material('gs1-epcis-2.0', 'examples')`. */
export const material = (...parts: string[]) => join(CONFORMANCE_DIR, ...parts);

/** A JSON file of the material, parsed. */
export const materialJson = <T = unknown>(...parts: string[]): T =>
  JSON.parse(readFileSync(material(...parts), 'utf8')) as T;
