// `npm install` runs this: it makes the embedded store's initial cluster once, so that the first
// `npm start` (and every test database) starts from a copy instead of running initdb. It never fails
// the install: without the template a new store simply takes a few seconds longer.
import { ensureTemplate } from '../src/db/pglite-template.ts';

try {
  await ensureTemplate();
} catch (error) {
  process.stderr.write(`opendpp: could not prepare the embedded store template (${String(error)})\n`);
}
