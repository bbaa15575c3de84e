// Pictures of the symbols a battery carries (Battery Regulation Art. 13 and Annex VI), drawn here as
// small line drawings so that the page shows them without loading anything: its content policy
// allows images from `data:` URLs only. They illustrate the label's subject; the operator's own
// artwork stays a link (`symbolUrl`), and the symbol's meaning is the image's alternative text.

const FRAME = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" fill="none" stroke="#1b1f24" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round">${inner}</svg>`;

// A wheeled bin, crossed out: collect separately, never with household waste.
const BIN =
  '<path d="M14 12h20M22 9h4M15 12l2 22h14l2-22"/><circle cx="19" cy="37" r="2"/><circle cx="29" cy="37" r="2"/><path d="M10 8l28 32M38 8L10 40"/>';
const text = (x: number, y: number, size: number, words: string) =>
  `<text x="${x}" y="${y}" font-family="sans-serif" font-size="${size}" font-weight="700" fill="#1b1f24" stroke="none" text-anchor="middle">${words}</text>`;

const DRAWINGS: Readonly<Record<string, string>> = {
  SEPARATE_COLLECTION: FRAME(`${BIN}<path d="M12 44h24"/>`),
  CADMIUM: FRAME(`<g transform="translate(6 0) scale(.75)">${BIN}</g>${text(24, 46, 11, 'Cd')}`),
  LEAD: FRAME(`<g transform="translate(6 0) scale(.75)">${BIN}</g>${text(24, 46, 11, 'Pb')}`),
  // Two open rings, the second with a bar: the letters C and E as circles drawn apart.
  CE_MARKING: FRAME('<path d="M21 15a10 10 0 1 0 0 18M39 15a10 10 0 1 0 0 18M29 24h8"/>'),
  CAPACITY: FRAME(
    '<rect x="6" y="15" width="32" height="18" rx="2"/><path d="M41 21v6M11 20v8M17 20v8M23 20v8"/>',
  ),
  LIFETIME: FRAME('<circle cx="24" cy="24" r="16"/><path d="M24 14v10l7 5"/>'),
  CARBON_FOOTPRINT: FRAME(
    `<path d="M14 34a8 8 0 0 1 1-16 11 11 0 0 1 20 2 7 7 0 0 1-1 14z"/>${text(24, 31, 9, 'CO₂')}`,
  ),
  EXTINGUISHING_AGENT: FRAME(
    '<rect x="17" y="16" width="12" height="26" rx="4"/><path d="M20 16v-4h6v4M26 11h7l3 5M23 8v3"/>',
  ),
  HAZARD: FRAME('<path d="M24 6L44 41H4z"/><path d="M24 18v11"/><circle cx="24" cy="34.5" r=".8"/>'),
  OTHER: FRAME('<circle cx="24" cy="24" r="17"/><path d="M24 22v11"/><circle cx="24" cy="15.5" r=".8"/>'),
};

/** A `data:` URL of the picture for a label subject, or null when there is none. */
export function labelSymbol(subject: string): string | null {
  const svg = DRAWINGS[subject];
  return svg === undefined ? null : `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
