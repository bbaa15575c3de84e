// The vocabulary as a plain HTML page for people: self-contained (inline style, no scripts, no
// external assets), one section per term whose id is the term, so {base_url}/ns/dpp#<term> lands on it.
import { escapeHtml as e } from './html.ts';
import { dppContextUrl, secondaryContextUrl, termIri, vocabularyUrl, XSD } from './namespace.ts';
import { allTerms } from './terms.ts';
import type { Coercion, TermSpec } from './types.ts';

const VALUES: Readonly<Record<Coercion, string>> = {
  id: 'IRI (the string is read as a link)',
  dateTime: 'date and time (xsd:dateTime)',
  date: 'date (xsd:date)',
  json: 'JSON, kept as given (@json)',
};

const STYLE = [
  'body{font-family:system-ui,sans-serif;line-height:1.5;margin:0 auto;max-width:60rem;padding:1rem;color:#111;background:#fff}',
  'code{font-family:ui-monospace,monospace;overflow-wrap:anywhere}',
  'section{border-top:1px solid #ccc;padding:.5rem 0}',
  'dt{font-weight:600}dd{margin:0 0 .5rem 1.5rem}',
  'nav ul{columns:14rem;padding-left:1rem}',
  'a{color:#0645ad}a:focus,section:target{outline:3px solid #f90}',
].join('');

function ref(name: string): string {
  return name.includes(':')
    ? `<code>${e(name.replace(XSD, 'xsd:'))}</code>`
    : `<a href="#${e(name)}">${e(name)}</a>`;
}

function detail(label: string, html: string): string {
  return `<dt>${e(label)}</dt><dd>${html}</dd>`;
}

function termSection(baseUrl: string, spec: TermSpec): string {
  const parts = [
    detail('IRI', `<code>${e(termIri(baseUrl, spec.term))}</code>`),
    detail('Description', e(spec.comment)),
  ];
  if (spec.domain !== undefined && spec.domain.length > 0)
    parts.push(detail('Used on', spec.domain.map(ref).join(', ')));
  if (spec.range !== undefined) parts.push(detail('Range', ref(spec.range)));
  if (spec.coercion !== undefined) parts.push(detail('Values', e(VALUES[spec.coercion])));
  if (spec.container !== undefined) {
    parts.push(
      detail('Arrays', spec.container === '@list' ? 'ordered list (@list)' : 'unordered set (@set)'),
    );
  }
  if (spec.unit !== undefined) parts.push(detail('Unit', `<code>${e(spec.unit)}</code>`));
  if (spec.usages.length > 0) {
    const items = spec.usages.map((u) => `<li>${e(u.category)} <code>${e(u.pointer)}</code></li>`).join('');
    parts.push(detail('In category metadata', `<ul>${items}</ul>`));
  }
  return `<section id="${e(spec.term)}" aria-labelledby="${e(spec.term)}-name"><h3 id="${e(spec.term)}-name"><code>${e(spec.term)}</code>: ${e(spec.label)}</h3><dl>${parts.join('')}</dl></section>`;
}

function index(specs: readonly TermSpec[]): string {
  return `<ul>${specs.map((s) => `<li><a href="#${e(s.term)}">${e(s.term)}</a></li>`).join('')}</ul>`;
}

export function vocabularyHtml(baseUrl: string): string {
  const specs = allTerms();
  const classes = specs.filter((s) => s.kind === 'class');
  const properties = specs.filter((s) => s.kind === 'property');
  const ns = vocabularyUrl(baseUrl);
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>OpenDPP vocabulary</title><style>${STYLE}</style></head><body>`,
    '<header><h1>OpenDPP digital product passport vocabulary</h1>',
    `<p>Namespace <code>${e(ns)}#</code>. JSON-LD contexts: <a href="${e(dppContextUrl(baseUrl))}">canonical</a>,`,
    ` <a href="${e(secondaryContextUrl(baseUrl))}">secondary (fixed core terms)</a>.`,
    ` The same vocabulary is served as JSON-LD at <code>${e(ns)}</code>.</p></header>`,
    '<nav aria-label="Terms"><h2>Classes</h2>',
    index(classes),
    `<h2>Properties (${properties.length})</h2>`,
    index(properties),
    '</nav><main><h2>Classes</h2>',
    ...classes.map((s) => termSection(baseUrl, s)),
    '<h2>Properties</h2>',
    ...properties.map((s) => termSection(baseUrl, s)),
    '</main></body></html>',
    '',
  ].join('\n');
}
