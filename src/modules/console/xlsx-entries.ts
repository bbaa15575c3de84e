// The parts of an uploaded XLSX the sheet reader needs, taken out of its zip under limits, before
// any spreadsheet library sees a byte of it. The zip's central directory is read first: too many
// entries, or parts that declare more than the limit uncompressed, are refused without inflating
// anything. The declared sizes may lie, so each part is then inflated counting the bytes it really
// yields and scanned as it goes (domain/passports/xlsx-scan.ts); the first limit passed stops the
// inflation there. Parts the reader does not use (pictures, themes, printer settings) are never
// inflated, and of the worksheets only the first (the lowest numbered, as the reader takes it) is:
// a template's notes and choice lists are other sheets, longer than a sheet of passports may be.
// What passes is handed on as these parts alone, read by the node itself, so the sheet reader never
// meets an entry this check did not see.
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { type ScanFinding, type SheetBounds, xmlPartScan } from '../../domain/passports/xlsx-scan.ts';

export interface XlsxLimits extends SheetBounds {
  /** Bytes the parts read may inflate to, together. */
  unpackedBytes: number;
}

export type XlsxRefusal = ScanFinding | { kind: 'unpacked' };

/** The parts of a workbook the sheet reader reads; everything else is left packed. */
const READ_PARTS =
  /^xl\/(?:workbook\.xml|_rels\/workbook\.xml\.rels|styles\.xml|sharedStrings\.xml|worksheets\/sheet\d+\.xml)$/;
const WORKSHEET = /^xl\/worksheets\//;
const sheetNumber = (name: string) => Number(/sheet(\d+)\.xml$/.exec(name)?.[1] ?? 0);

/** The parts to read: every part the reader uses, of the worksheets only the lowest numbered. */
function partsToRead(entries: readonly yauzl.Entry[]): yauzl.Entry[] {
  const read = entries.filter((entry) => READ_PARTS.test(entry.fileName));
  const sheets = read.filter((entry) => WORKSHEET.test(entry.fileName));
  const first = Math.min(...sheets.map((entry) => sheetNumber(entry.fileName)));
  return read.filter((entry) => !WORKSHEET.test(entry.fileName) || sheetNumber(entry.fileName) === first);
}
/** Entries a workbook may have: a spreadsheet program writes a dozen or two. */
const MAX_ENTRIES = 1_000;

const openZip = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: false }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );

/** The central directory's entries, read without inflating any. */
const directoryOf = (zip: yauzl.ZipFile) =>
  new Promise<yauzl.Entry[]>((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });

const openEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );

class Refused extends Error {
  constructor(readonly refusal: XlsxRefusal) {
    super(refusal.kind);
  }
}

/** One part inflated, counted against what is left of the budget, and scanned chunk by chunk. */
async function inflatePart(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  limits: XlsxLimits,
  budget: number,
): Promise<Buffer> {
  const scan = xmlPartScan(limits, WORKSHEET.test(entry.fileName));
  const stream = await openEntry(zip, entry);
  const chunks: Buffer[] = [];
  let inflated = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > budget) throw new Refused({ kind: 'unpacked' });
      const finding = scan.push(chunk);
      if (finding) throw new Refused(finding);
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  const finding = scan.end();
  if (finding) throw new Refused(finding);
  return Buffer.concat(chunks);
}

/**
 * The parts the sheet reader needs, by name, or why the file is refused. A file that is no zip, or
 * whose parts do not inflate, is `unreadable`.
 */
export async function xlsxParts(
  bytes: Buffer,
  limits: XlsxLimits,
): Promise<{ parts: Map<string, Buffer> } | { refused: XlsxRefusal }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    return { refused: { kind: 'unreadable' } };
  }
  try {
    if (zip.entryCount > MAX_ENTRIES) return { refused: { kind: 'unreadable' } };
    const entries = await directoryOf(zip);
    const names = new Set(
      entries.filter((entry) => READ_PARTS.test(entry.fileName)).map((entry) => entry.fileName),
    );
    const read = partsToRead(entries);
    if (names.size !== entries.filter((entry) => READ_PARTS.test(entry.fileName)).length)
      return { refused: { kind: 'unreadable' } };
    const declared = read.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > limits.unpackedBytes) return { refused: { kind: 'unpacked' } };
    const parts = new Map<string, Buffer>();
    let left = limits.unpackedBytes;
    for (const entry of read) {
      const part = await inflatePart(zip, entry, limits, left);
      left -= part.length;
      parts.set(entry.fileName, part);
    }
    return { parts };
  } catch (error) {
    if (error instanceof Refused) return { refused: error.refusal };
    return { refused: { kind: 'unreadable' } };
  } finally {
    zip.close();
  }
}
