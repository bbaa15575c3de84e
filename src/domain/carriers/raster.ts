// Drawing a module matrix as a PNG or an SVG of an exact pixel size. Every module is a whole number
// of pixels (a fractional module blurs its edges, and scanners misjudge blurred edges), so the
// symbol takes floor(size / (modules + 2 × quiet zone)) pixels per module and the pixels left over
// widen the margin, split evenly around it: the image is exactly `size` square, and the quiet zone
// is never less than asked for.
import { PNG } from 'pngjs';
import { escapeHtml } from '../xml-escape.ts';
import { darkRuns, type ModuleMatrix } from './matrix.ts';
import { CarrierOptionsError } from './options.ts';

export interface Placement {
  /** Pixels per module. */
  module: number;
  /** Pixels from the image's left and top edges to the symbol's first module. */
  offset: number;
  /** The image's width and height in pixels. */
  size: number;
}

export function place(matrix: ModuleMatrix, quietZone: number, size: number): Placement {
  const extent = matrix.size + 2 * quietZone;
  const module = Math.floor(size / extent);
  if (module < 1) {
    throw new CarrierOptionsError(
      `size ${size} is too small for a ${matrix.size}-module symbol with its quiet zone: ask for at least ${extent}`,
    );
  }
  const symbol = module * matrix.size;
  return { module, offset: Math.floor((size - symbol) / 2), size };
}

/** The dark modules as one SVG path, run by run along each row, in the placement's pixels. */
export function modulePath(matrix: ModuleMatrix, { module, offset }: Pick<Placement, 'module' | 'offset'>) {
  let path = '';
  for (const [row, column, length] of darkRuns(matrix)) {
    const width = length * module;
    path += `M${offset + column * module} ${offset + row * module}h${width}v${module}h-${width}z`;
  }
  return path;
}

export function matrixSvg(matrix: ModuleMatrix, placement: Placement, title: string): string {
  const { size } = placement;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" ` +
    `shape-rendering="crispEdges" role="img"><title>${xmlText(title)}</title>` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path d="${modulePath(matrix, placement)}" fill="#000"/></svg>`
  );
}

/** An 8-bit greyscale PNG: one byte per pixel compresses as well as a bit depth of 1 here. */
export function matrixPng(matrix: ModuleMatrix, placement: Placement): Buffer {
  const { module, offset, size } = placement;
  const data = Buffer.alloc(size * size, 0xff);
  const line = Buffer.alloc(size);
  for (let row = 0; row < matrix.size; row++) {
    line.fill(0xff);
    for (let column = 0; column < matrix.size; column++) {
      if (matrix.dark[row * matrix.size + column]) {
        const x = offset + column * module;
        line.fill(0, x, x + module);
      }
    }
    const top = offset + row * module;
    for (let y = top; y < top + module; y++) line.copy(data, y * size);
  }
  // Filter "Up" turns every repeated pixel row into zeros; level 6 is nearly as small as 9, faster.
  return PNG.sync.write(
    { width: size, height: size, data },
    { colorType: 0, inputColorType: 0, inputHasAlpha: false, bitDepth: 8, filterType: 2, deflateLevel: 6 },
  );
}

/** Text for an XML document: escaped, and without control characters, lone surrogates and the
 * non-characters U+FFFE/U+FFFF, which XML 1.0 cannot hold. */
export const xmlText = (text: string) => escapeHtml(text.replace(/[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu, ''));
