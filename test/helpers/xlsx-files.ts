// XLSX files written by hand, for the imports' hostile cases: the parts a spreadsheet program reads
// (content types, relationships, the workbook, one sheet), with the sheet's XML as the test wants
// it: a dimension or a cell far beyond the template, one cell of hundreds of MiB (a deflate bomb:
// the text is streamed through the compressor, never held whole), or sizes in the zip's directory
// that lie about what the entries inflate to.
import { Readable } from 'node:stream';
import yazl from 'yazl';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const PACKAGE_PARTS: Record<string, string> = {
  '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="passports" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
};

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** One inline-string cell. */
export const inlineCell = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;

/** A worksheet's XML with these cells (by reference) and, when given, a declared dimension. */
export function sheetXml(cells: Record<string, string>, dimension?: string): string {
  const rows = new Map<number, string[]>();
  for (const [ref, text] of Object.entries(cells)) {
    const row = Number(/\d+$/.exec(ref)?.[0]);
    rows.set(row, [...(rows.get(row) ?? []), inlineCell(ref, text)]);
  }
  const data = [...rows]
    .sort(([a], [b]) => a - b)
    .map(([row, cells]) => `<row r="${row}">${cells.join('')}</row>`)
    .join('');
  const declared = dimension ? `<dimension ref="${dimension}"/>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}">${declared}<sheetData>${data}</sheetData></worksheet>`;
}

/** The zip's bytes, each entry deflated; a sheet given as a stream is compressed as it is read. */
async function zipOf(sheet: string | Readable, extra: Record<string, string> = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries({ ...PACKAGE_PARTS, ...extra }))
    zip.addBuffer(Buffer.from(text), name);
  if (typeof sheet === 'string') zip.addBuffer(Buffer.from(sheet), 'xl/worksheets/sheet1.xml');
  else zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An XLSX whose one sheet is this XML (and whose other parts are `extra`, by name). */
export const xlsxWithSheet = (xml: string, extra: Record<string, string> = {}) => zipOf(xml, extra);

/**
 * An XLSX whose sheet inflates to about `bytes` bytes: a few hundred KiB on the wire, hundreds of
 * MiB inflated. `text` makes it one cell of one letter; `cells` many small cells, each within every
 * limit but their number. The content is made and compressed a chunk at a time.
 */
export function deflateBomb(bytes: number, fill: 'text' | 'cells' = 'text'): Promise<Buffer> {
  const open = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData><row r="1">`;
  const head = fill === 'text' ? `${open}<c r="A1" t="inlineStr"><is><t>` : open;
  const tail = `${fill === 'text' ? '</t></is></c>' : ''}</row></sheetData></worksheet>`;
  const unit = fill === 'text' ? 'a' : '<c r="A1"><v>1</v></c>';
  const chunk = Buffer.from(unit.repeat(Math.floor((1024 * 1024) / unit.length)));
  async function* content() {
    yield Buffer.from(head);
    for (let left = bytes; left > 0; left -= chunk.length) yield chunk;
    yield Buffer.from(tail);
  }
  return zipOf(Readable.from(content()));
}

/**
 * The same zip with every entry's uncompressed size in the central directory replaced by
 * `declared`: a reader that trusts the directory expects that much and gets what the data inflates to.
 */
export function withDeclaredSizes(zip: Buffer, declared: number): Buffer {
  const out = Buffer.from(zip);
  const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = out.readUInt32LE(end + 16);
  for (let entry = out.readUInt16LE(end + 10); entry > 0; entry--) {
    out.writeUInt32LE(declared, at + 24);
    at += 46 + out.readUInt16LE(at + 28) + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  return out;
}
