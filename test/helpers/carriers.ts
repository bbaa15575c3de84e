// Reading back what the carrier routes answer, without the code that drew it: the modules of a PNG
// sampled at their centres, the modules of an SVG from its path, and the entries of a ZIP from its
// central directory. Tests compare them with the module matrix the symbology libraries compute.
import { inflateRawSync } from 'node:zlib';
import bwipjs from 'bwip-js';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

export interface Grid {
  size: number;
  rows: string[];
}

const gridOf = (size: number, dark: (row: number, column: number) => boolean): Grid => ({
  size,
  rows: Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) => (dark(row, column) ? '#' : '.')).join(''),
  ),
});

export function expectedQr(text: string, level: 'L' | 'M' | 'Q' | 'H' = 'M'): Grid {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: level });
  return gridOf(modules.size, (row, column) => Boolean(modules.get(row, column)));
}

export function expectedDataMatrix(text: string): Grid {
  const kind = text.startsWith('(') ? 'gs1datamatrix' : 'gs1dldatamatrix';
  const [symbol] = bwipjs.raw(kind, text, {}) as Array<{ pixs: number[]; pixx: number }>;
  if (!symbol) throw new Error('no symbol');
  return gridOf(symbol.pixx, (row, column) => symbol.pixs[row * symbol.pixx + column] === 1);
}

export interface ReadImage {
  width: number;
  height: number;
  /** Pixels per module: always a whole number here, or the test fails. */
  module: number;
  /** Light pixels between the image's edges and the symbol, on each side. */
  margins: { left: number; top: number; right: number; bottom: number };
  grid: Grid;
}

/** The modules of a symbol of `size` modules per side, sampled from a PNG at each module's centre. */
export function readPng(png: Buffer, size: number): ReadImage {
  const { width, height, data } = PNG.sync.read(png);
  const dark = (x: number, y: number) => (data[(y * width + x) * 4] as number) < 128;
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!dark(x, y)) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  const module = (right - left + 1) / size;
  if (!Number.isInteger(module) || (bottom - top + 1) / size !== module) {
    throw new Error(`modules are not whole pixels: ${right - left + 1} px for ${size} modules`);
  }
  const grid = gridOf(size, (row, column) =>
    dark(left + column * module + Math.floor(module / 2), top + row * module + Math.floor(module / 2)),
  );
  return {
    width,
    height,
    module,
    margins: { left, top, right: width - 1 - right, bottom: height - 1 - bottom },
    grid,
  };
}

/** The modules of an SVG whose path draws runs `M x y h w v m h -w z` of `module` user units. */
export function readSvg(svg: string, size: number) {
  const [, width, height] = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg) ?? [];
  const runs = [...svg.matchAll(/M(\d+) (\d+)h(\d+)v(\d+)h-\3z/g)].map((match) => match.slice(1).map(Number));
  const module = Math.min(...runs.map((run) => run[3] as number));
  const left = Math.min(...runs.map((run) => run[0] as number));
  const top = Math.min(...runs.map((run) => run[1] as number));
  const dark = new Set<string>();
  for (const [x, y, w] of runs as [number, number, number][]) {
    for (let dx = 0; dx < w; dx += module) dark.add(`${(y - top) / module},${(x - left + dx) / module}`);
  }
  return {
    width: Number(width),
    height: Number(height),
    module,
    left,
    top,
    grid: gridOf(size, (row, column) => dark.has(`${row},${column}`)),
  };
}

/** The entries of a ZIP, in their order, read from its central directory. */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    entries.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
