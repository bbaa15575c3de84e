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
const BANG = 0x21;
const SLASH = 0x2f;
const QUESTION = 0x3f;

const ATTRIBUTE = /\s([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
/** What separates references in a value: spaces between ranges, a colon inside one. */
const isSeparator = (code: number) => isSpace(code) || code === 0x3a;

/**
 * The first reference of a `ref`/`sqref`/`r` value (cells and ranges, space separated, `$` allowed)
 * beyond the bounds, as `XFD1000`, or null. Read character by character: a sheet has a reference
 * on every cell, and this runs for each.
 */
function referenceBeyond(value: string, bounds: SheetBounds): string | null {
  let at = 0;
  while (at < value.length) {
    const start = at;
    if (value.charCodeAt(at) === 0x24) at++;
    let column = 0;
    let letters = 0;
    for (
      let code = value.charCodeAt(at) | 0x20;
      code >= 0x61 && code <= 0x7a;
      code = value.charCodeAt(at) | 0x20
    ) {
      column = column * 26 + (code - 0x60);
      letters++;
      at++;
    }
    if (value.charCodeAt(at) === 0x24) at++;
    let row = 0;
    let digits = 0;
    for (let code = value.charCodeAt(at); code >= 0x30 && code <= 0x39; code = value.charCodeAt(at)) {
      row = row * 10 + (code - 0x30);
      digits++;
      at++;
    }
    const whole = at >= value.length || isSeparator(value.charCodeAt(at));
    if (whole && letters >= 1 && letters <= 3 && digits >= 1 && digits <= 9) {
      if (column > bounds.columns || row > bounds.rows)
        return value.slice(start, at).replaceAll('$', '').toUpperCase();
    }
    while (at < value.length && !isSeparator(value.charCodeAt(at))) at++;
    at++;
  }
  return null;
}

const CELL_REFERENCE = /\sr\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const COLUMN_MAX = /\smax\s*=\s*(?:"([^"]*)"|'([^']*)')/;

/**
 * What one complete tag (between `<` and `>`) of a worksheet, or a declaration of any part, says
 * beyond the bounds, if anything. Most tags of a sheet are cells and values, so each is dismissed
 * by its name before any attribute is read.
 */
function tagFinding(tag: string, bounds: SheetBounds): ScanFinding | null {
  if (tag.charCodeAt(0) === 0x21) return /^!(?:DOCTYPE|ENTITY)/i.test(tag) ? { kind: 'unreadable' } : null;
  let nameEnd = 0;
  while (nameEnd < tag.length && !isSpace(tag.charCodeAt(nameEnd)) && tag.charCodeAt(nameEnd) !== SLASH)
    nameEnd++;
  const qualified = tag.slice(0, nameEnd);
  const name = qualified.includes(':') ? qualified.slice(qualified.lastIndexOf(':') + 1) : qualified;
  if (name === 'c') {
    const found = CELL_REFERENCE.exec(tag);
    const cell = found ? referenceBeyond(found[1] ?? found[2] ?? '', bounds) : null;
    return cell ? { kind: 'beyond', cell } : null;
  }
  if (name === 'col') {
    const found = COLUMN_MAX.exec(tag);
    return found && !(Number(found[1] ?? found[2]) <= FORMAT_COLUMNS) ? { kind: 'unreadable' } : null;
  }
  if (!tag.includes('ref')) return null;
  for (const [, attribute = '', double, single] of tag.matchAll(ATTRIBUTE)) {
    // A prefixed attribute (`x14:ref`) is another vocabulary's; `ref` and `sqref` are the sheet's.
    if (attribute !== 'ref' && attribute !== 'sqref') continue;
    const cell = referenceBeyond(double ?? single ?? '', bounds);
    if (cell) return { kind: 'beyond', cell };
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
  /** The part of the open tag that came in earlier chunks (a tag rarely spans two). */
  let carried: Buffer[] = [];
  let tagBytes = 0;
  let textBytes = 0;

  /** Where the open tag ends in `chunk` from `at` (its `>` outside quotes), or -1. */
  function tagEnd(chunk: Buffer, at: number): number {
    for (let index = at; index < chunk.length; index++) {
      const byte = chunk[index] as number;
      if (quote !== 0) {
        if (byte === quote) quote = 0;
      } else if (byte === GT) return index;
      else if (byte === QUOTE || byte === APOSTROPHE) quote = byte;
    }
    return -1;
  }

  function push(chunk: Buffer): ScanFinding | null {
    let at = 0;
    while (at < chunk.length) {
      if (!inTag) {
        const open = chunk.indexOf(LT, at);
        textBytes += (open < 0 ? chunk.length : open) - at;
        if (textBytes > bounds.cellBytes) return { kind: 'cell' };
        if (open < 0) return null;
        inTag = true;
        carried = [];
        tagBytes = 0;
        textBytes = 0;
        at = open + 1;
        continue;
      }
      const end = tagEnd(chunk, at);
      tagBytes += (end < 0 ? chunk.length : end) - at;
      if (tagBytes > MAX_TAG_BYTES) return { kind: 'unreadable' };
      if (end < 0) {
        carried.push(chunk.subarray(at));
        return null;
      }
      inTag = false;
      // Closing tags and declarations say nothing; a part other than a sheet only its DTD.
      const first = carried.length === 0 ? chunk[at] : carried[0]?.[0];
      if (first === BANG || (worksheet && first !== SLASH && first !== QUESTION)) {
        const tag =
          carried.length === 0
            ? chunk.toString('latin1', at, end)
            : Buffer.concat([...carried, chunk.subarray(at, end)]).toString('latin1');
        const finding = tagFinding(tag, bounds);
        if (finding) return finding;
      }
      at = end + 1;
    }
    return null;
  }

  /** A part that ends inside a tag is cut short. */
  const end = (): ScanFinding | null => (inTag ? { kind: 'unreadable' } : null);

  return { push, end };
}
