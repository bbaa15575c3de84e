// A minimal POSIX ustar reader and writer: regular files only, which is all a backup archive holds
// (docs/backup.md). Written here rather than taken from a library because none is a dependency of
// the project, and the format needed is small: 512-byte headers, octal numbers, a checksum.

const BLOCK = 512;
const NAME_BYTES = 100;
const PREFIX_BYTES = 155;
/** Octal sizes in 11 digits: just under 8 GiB, far beyond any archive the node reads. */
const MAX_OCTAL_SIZE = 0o77777777777;

export interface TarEntry {
  name: string;
  data: Buffer;
}

export class TarError extends Error {
  override name = 'TarError';
}

function writeString(header: Buffer, offset: number, length: number, value: string): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new TarError(`"${value}" does not fit a ${length}-byte field`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  // length - 1 digits, then NUL, as POSIX writes numeric fields.
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

/** Splits a long name into ustar's prefix and name at a slash, or throws when it cannot. */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= NAME_BYTES) return { prefix: '', name };
  for (let at = name.indexOf('/'); at !== -1; at = name.indexOf('/', at + 1)) {
    const prefix = name.slice(0, at);
    const rest = name.slice(at + 1);
    if (Buffer.byteLength(prefix) <= PREFIX_BYTES && Buffer.byteLength(rest) <= NAME_BYTES && rest)
      return { prefix, name: rest };
  }
  throw new TarError(`the name "${name}" is too long for a ustar archive`);
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] as number);
  return sum;
}

function headerOf(entry: TarEntry, mtime: Date): Buffer {
  if (entry.name === '' || entry.name.startsWith('/') || entry.name.split('/').includes('..'))
    throw new TarError(`"${entry.name}" is not a relative file name`);
  if (entry.data.length > MAX_OCTAL_SIZE) throw new TarError(`"${entry.name}" is too large`);
  const header = Buffer.alloc(BLOCK);
  const { prefix, name } = splitName(entry.name);
  writeString(header, 0, NAME_BYTES, name);
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, entry.data.length);
  writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.write('0', 156, 1, 'ascii');
  header.write('ustar\u000000', 257, 8, 'ascii');
  writeString(header, 345, PREFIX_BYTES, prefix);
  header.write(`${checksum(header).toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return header;
}

const padding = (length: number) => Buffer.alloc((BLOCK - (length % BLOCK)) % BLOCK);

/** A ustar archive of `entries`, in the order given, each stamped `mtime`. */
export function writeTar(entries: readonly TarEntry[], mtime = new Date(0)): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) parts.push(headerOf(entry, mtime), entry.data, padding(entry.data.length));
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

function readString(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(header: Buffer, offset: number, length: number, what: string): number {
  const text = header
    .subarray(offset, offset + length)
    .toString('ascii')
    .replace(/[\0 ]+$/, '')
    .replace(/^ +/, '');
  if (!/^[0-7]+$/.test(text)) throw new TarError(`the ${what} field of a header is not an octal number`);
  return Number.parseInt(text, 8);
}

const isZeroBlock = (block: Buffer) => block.every((byte) => byte === 0);

export interface ReadTarOptions {
  /** At most this many files; more is refused (a bomb of tiny entries). */
  maxEntries?: number;
}

/**
 * The regular files of a ustar archive, in archive order. Directory entries are skipped; links,
 * devices and pax or GNU extension headers are refused, as are damaged headers and truncated data.
 */
export function readTar(archive: Buffer, options: ReadTarOptions = {}): TarEntry[] {
  const maxEntries = options.maxEntries ?? 100_000;
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (isZeroBlock(header)) return entries;
    if (!header.subarray(257, 262).equals(Buffer.from('ustar')))
      throw new TarError(`the header at byte ${offset} is not a ustar header`);
    if (readOctal(header, 148, 8, 'checksum') !== checksum(header))
      throw new TarError(`the header at byte ${offset} has a wrong checksum`);
    const size = readOctal(header, 124, 12, 'size');
    const prefix = readString(header, 345, PREFIX_BYTES);
    const base = readString(header, 0, NAME_BYTES);
    const name = prefix ? `${prefix}/${base}` : base;
    const type = String.fromCharCode(header[156] as number);
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new TarError(`"${name}" is cut short`);
    offset = start + size + padding(size).length;
    if (type === '5') continue;
    if (type !== '0' && type !== '\0')
      throw new TarError(`"${name}" is not a regular file (type ${JSON.stringify(type)})`);
    if (entries.length >= maxEntries) throw new TarError(`the archive holds more than ${maxEntries} files`);
    entries.push({ name, data: Buffer.from(archive.subarray(start, start + size)) });
  }
  if (offset === archive.length && archive.length > 0 && entries.length > 0) return entries;
  throw new TarError('the archive ends without its closing blocks');
}
