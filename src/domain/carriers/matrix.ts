// The module grids the carriers are drawn from: QR Code (ISO/IEC 18004) from `qrcode`, Data Matrix
// (ISO/IEC 16022) from bwip-js. Both become the same shape, so one rasteriser and one SVG writer
// serve every symbology and the drawing stays ours: whole modules on whole pixels.
import bwipjs from 'bwip-js';
import QRCode from 'qrcode';

export type ErrorCorrection = 'L' | 'M' | 'Q' | 'H';

/** A square grid of modules; `dark[row * size + column]` is 1 for a dark module. */
export interface ModuleMatrix {
  size: number;
  dark: Uint8Array;
}

export function qrMatrix(text: string, errorCorrection: ErrorCorrection): ModuleMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: errorCorrection });
  return { size: modules.size, dark: Uint8Array.from(modules.data, (bit) => (bit ? 1 : 0)) };
}

/**
 * A GS1 Data Matrix: `gs1datamatrix` (FNC1 first, AIs as the bracketed element string) or
 * `gs1dldatamatrix` (a GS1 Digital Link URI, checked by bwip-js against the GS1 rules). Square
 * symbols only, so the drawing, the quiet zone and the label layout match the QR code's.
 */
export function dataMatrixMatrix(kind: 'gs1datamatrix' | 'gs1dldatamatrix', text: string): ModuleMatrix {
  const [symbol] = bwipjs.raw(kind, text, {}) as Array<{ pixs: number[]; pixx: number; pixy: number }>;
  if (!symbol || symbol.pixx !== symbol.pixy) throw new Error(`${kind} produced no square symbol`);
  return { size: symbol.pixx, dark: Uint8Array.from(symbol.pixs, (bit) => (bit ? 1 : 0)) };
}

/** Each horizontal run of dark modules: its row, first column and length, row by row. */
export function* darkRuns(matrix: ModuleMatrix): Generator<[row: number, column: number, length: number]> {
  const { size, dark } = matrix;
  for (let row = 0; row < size; row++) {
    let column = 0;
    while (column < size) {
      if (!dark[row * size + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < size && dark[row * size + column]) column++;
      yield [row, start, column - start];
    }
  }
}
