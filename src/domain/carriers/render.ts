// Rendering a data carrier: a QR Code or a GS1 Data Matrix as PNG or SVG. A symbology that cannot
// carry the subject's data (a Data Matrix without a GS1 key, say) is not an error of the request:
// the QR code is rendered instead and the answer carries CARRIER_SYMBOLOGY_NOT_RENDERED.
import { advisory } from '../categories/advisories.ts';
import type { AdvisoryItem } from '../categories/types.ts';
import type { CarrierContent } from './content.ts';
import { dataMatrixMatrix, type ModuleMatrix, qrMatrix } from './matrix.ts';
import {
  DEFAULT_ERROR_CORRECTION,
  type ImageFormat,
  type ImageOptions,
  MIN_QUIET_ZONE,
  type Symbology,
} from './options.ts';
import { matrixPng, matrixSvg, type Placement, place } from './raster.ts';

export const CONTENT_TYPES: Record<ImageFormat, string> = { png: 'image/png', svg: 'image/svg+xml' };

/** The names of the symbologies as the advisory and the label manifest print them. */
export const SYMBOLOGY_NAMES: Record<Symbology, string> = { qr: 'QR Code', datamatrix: 'GS1 DataMatrix' };

export interface RenderedImage {
  symbology: Symbology;
  format: ImageFormat;
  contentType: string;
  body: Buffer;
  /** The encoded text, exactly as a scanner reads it back. */
  text: string;
  /** Modules per side, without the quiet zone. */
  modules: number;
  placement: Placement;
}

/** A symbology that cannot carry the given data; the caller decides what to render instead. */
export class SymbologyNotRenderable extends Error {
  override name = 'SymbologyNotRenderable';
}

function draw(
  symbology: Symbology,
  matrix: ModuleMatrix,
  text: string,
  options: Omit<ImageOptions, 'errorCorrection'>,
): RenderedImage {
  const quietZone = Math.max(options.quietZone ?? 0, MIN_QUIET_ZONE[symbology]);
  const placement = place(matrix, quietZone, options.size);
  const body =
    options.format === 'png'
      ? matrixPng(matrix, placement)
      : Buffer.from(matrixSvg(matrix, placement, text), 'utf8');
  return {
    symbology,
    format: options.format,
    contentType: CONTENT_TYPES[options.format],
    body,
    text,
    modules: matrix.size,
    placement,
  };
}

/** A QR Code of `text` at the given error-correction level (M unless asked), quiet zone ≥ 4 modules. */
export function renderQr(
  text: string,
  options: Omit<ImageOptions, 'errorCorrection'> & { errorCorrection?: ImageOptions['errorCorrection'] },
): RenderedImage {
  const matrix = qrMatrix(text, options.errorCorrection ?? DEFAULT_ERROR_CORRECTION);
  return draw('qr', matrix, text, options);
}

/**
 * A GS1 Data Matrix (quiet zone ≥ 1 module) of a bracketed element string, `(01)…(21)…`, encoded
 * with FNC1 in first position; or of a GS1 Digital Link URI, encoded as the URI (GS1 General
 * Specifications: "Data Matrix with GS1 Digital Link URI"). Data Matrix has one fixed error
 * correction (ECC 200), so there is no level to choose. Throws SymbologyNotRenderable when the data
 * is not valid GS1 data (bwip-js checks AI syntax, check digits and the URI's primary key).
 */
export function renderGs1DataMatrix(
  data: string,
  options: Omit<ImageOptions, 'errorCorrection'>,
): RenderedImage {
  const kind = data.startsWith('(') ? 'gs1datamatrix' : 'gs1dldatamatrix';
  let matrix: ModuleMatrix;
  try {
    matrix = dataMatrixMatrix(kind, data);
  } catch (error) {
    throw new SymbologyNotRenderable(`GS1 DataMatrix cannot carry ${data}: ${(error as Error).message}`);
  }
  return draw('datamatrix', matrix, data, options);
}

export interface CarrierImage {
  image: RenderedImage;
  warnings: AdvisoryItem[];
}

/**
 * The carrier of a subject in the symbology asked for. The Data Matrix carries the same Digital Link
 * the QR code does, so either leads a scanner to the same place; without a GS1 key there is no GS1
 * Data Matrix, and the QR code of the node URL is rendered with the advisory.
 */
export function renderCarrier(
  content: CarrierContent,
  symbology: Symbology,
  options: ImageOptions,
): CarrierImage {
  if (symbology === 'datamatrix') {
    try {
      return { image: renderGs1DataMatrix(content.link, options), warnings: [] };
    } catch (error) {
      if (!(error instanceof SymbologyNotRenderable)) throw error;
      return {
        image: renderQr(content.link, options),
        warnings: [advisory('CARRIER_SYMBOLOGY_NOT_RENDERED', { symbology: SYMBOLOGY_NAMES.datamatrix })],
      };
    }
  }
  return { image: renderQr(content.link, options), warnings: [] };
}
