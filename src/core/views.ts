// Pages come from eta templates in src/views: every `<%= %>` is escaped by the engine, and only
// markup built by our own renderers (inline SVG) goes in raw with `<%~ %>`.
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';

const views = new Eta({
  views: fileURLToPath(new URL('../views', import.meta.url)),
  autoEscape: true,
  cache: true,
});

export function renderView(name: string, data: object): string {
  return views.render(`./${name}`, data);
}

/** Our pages show text and inline SVG; they need nothing else, so they may load nothing else. */
export const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";
