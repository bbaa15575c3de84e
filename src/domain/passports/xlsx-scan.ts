// What an XLSX part says about its own extent, read from its bytes as they are inflated, before any
// spreadsheet library builds a cell of it. A reader that trusts a sheet materialises every cell
// up to the farthest reference (a header cell at XFD1 made 16,384 columns for each row) and holds
// any one cell whole (a 300 MiB cell ended the process), so each chunk is scanned as it arrives:
// the cell references of a worksheet (`<c r>`, and every `ref` and `sqref`, the dimension and
// merged ranges among them) must lie within the bounds, no text between two tags may pass the
// cell limit, no tag the tag limit, and no part may declare a DTD (entities expand). The scan
// works on bytes: `<`, `>` and quotes never occur inside a multi-byte UTF-8 sequence.

export interface SheetBounds {
  /** Columns a sheet may use (1-based: 3 means A to C). */
  columns: number;
  /** Rows a sheet may use, its header included. */
  rows: number;
  /** Bytes of text one cell (any text between two tags) may hold. */
  cellBytes: number;
}

export type ScanFinding =
  | { kind: 'beyond'; cell: string }
  | { kind: 'cell' }
  /** Not a spreadsheet part the node reads: a tag past the limit, a DTD. */
  | { kind: 'unreadable' };

/** The longest tag (name and attributes) a part may have; a worksheet's are well under 1 KiB. */
const MAX_TAG_BYTES = 64 * 1024;
/** The widest sheet the format allows (XFD); a column definition beyond it is not a spreadsheet. */
const FORMAT_COLUMNS = 16_384;
const LT = 0x3c;
const GT = 0x3e;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

const REFERENCE = /^\$?([A-Za-z]{1,3})\$?(\d{1,9})$/;
const ATTRIBUTE = /\s([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The 1-based number of a column's letters (A is 1, XFD is 16,384). */
export function columnNumber(letters: string): number {
  let number = 0;
  for (const letter of letters.toUpperCase()) number = number * 26 + (letter.charCodeAt(0) - 64);
  return number;
}

/** The first reference of a `ref`/`sqref` value (cells and ranges, space separated) out of bounds. */
function referenceBeyond(value: string, bounds: SheetBounds): string | null {
  for (const range of value.trim().split(/\s+/)) {
    for (const cell of range.split(':')) {
      const found = REFERENCE.exec(cell);
      if (!found) continue;
      const [, letters = '', row = ''] = found;
      if (columnNumber(letters) > bounds.columns || Number(row) > bounds.rows)
        return `${letters.toUpperCase()}${row}`;
    }
  }
  return null;
}

/** What one complete tag (between `<` and `>`) of a worksheet says beyond the bounds, if anything. */
function tagFinding(tag: string, worksheet: boolean, bounds: SheetBounds): ScanFinding | null {
  if (/^!(?:DOCTYPE|ENTITY)/i.test(tag)) return { kind: 'unreadable' };
  if (!worksheet || tag.startsWith('/') || tag.startsWith('?') || tag.startsWith('!')) return null;
  const name = (/^[^\s/>]+/.exec(tag)?.[0] ?? '').replace(/^.*:/, '');
  for (const [, attribute = '', double, single] of tag.matchAll(ATTRIBUTE)) {
    const value = double ?? single ?? '';
    // A prefixed attribute (`r:id`, `x14ac:dyDescent`) is another vocabulary's, never a reference.
    const local = attribute.includes(':') ? null : attribute;
    if (local === 'ref' || local === 'sqref' || (local === 'r' && name === 'c')) {
      const cell = referenceBeyond(value, bounds);
      if (cell) return { kind: 'beyond', cell };
    }
    if (name === 'col' && local === 'max' && !(Number(value) <= FORMAT_COLUMNS))
      return { kind: 'unreadable' };
  }
  return null;
}

/**
 * One part's scan: `push` each inflated chunk in order, then `end`; the first finding is answered
 * (and the caller stops inflating). `worksheet` says whether its references are checked.
 */
export function xmlPartScan(bounds: SheetBounds, worksheet: boolean) {
  let inTag = false;
  let quote = 0;
  let tag: Buffer[] = [];
  let tagBytes = 0;
  let textBytes = 0;

  function push(chunk: Buffer): ScanFinding | null {
    let at = 0;
    while (at < chunk.length) {
      if (!inTag) {
        const open = chunk.indexOf(LT, at);
        textBytes += (open < 0 ? chunk.length : open) - at;
        if (textBytes > bounds.cellBytes) return { kind: 'cell' };
        if (open < 0) return null;
        inTag = true;
        tag = [];
        tagBytes = 0;
        textBytes = 0;
        at = open + 1;
        continue;
      }
      let end = -1;
      for (let index = at; index < chunk.length; index++) {
        const byte = chunk[index] as number;
        if (quote !== 0) {
          if (byte === quote) quote = 0;
        } else if (byte === QUOTE || byte === APOSTROPHE) quote = byte;
        else if (byte === GT) {
          end = index;
          break;
        }
      }
      const piece = chunk.subarray(at, end < 0 ? chunk.length : end);
      tagBytes += piece.length;
      if (tagBytes > MAX_TAG_BYTES) return { kind: 'unreadable' };
      tag.push(piece);
      if (end < 0) return null;
      inTag = false;
      const finding = tagFinding(Buffer.concat(tag).toString('latin1'), worksheet, bounds);
      if (finding) return finding;
      at = end + 1;
    }
    return null;
  }

  /** A part that ends inside a tag is cut short. */
  const end = (): ScanFinding | null => (inTag ? { kind: 'unreadable' } : null);

  return { push, end };
}
