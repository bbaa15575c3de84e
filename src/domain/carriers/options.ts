// What a caller may ask of a data carrier, checked in one place for the image routes and the label
// archive alike. A wrong option is the caller's mistake (400 over HTTP), never a rendering failure.
import type { ErrorCorrection } from './matrix.ts';

export const MIN_SIZE = 128;
export const MAX_SIZE = 2048;
export const DEFAULT_SIZE = 512;
/** GS1 General Specifications: 4 modules around a QR Code, 1 module around a Data Matrix. */
export const MIN_QUIET_ZONE = { qr: 4, datamatrix: 1 } as const;
/** More margin than this is layout, not quiet zone: the label or the page provides it. */
export const MAX_QUIET_ZONE = 16;
/** GS1 recommends level M for a QR Code carrying a Digital Link: robust, and not needlessly dense. */
export const DEFAULT_ERROR_CORRECTION: ErrorCorrection = 'M';

export const FORMATS = ['png', 'svg'] as const;
export const SYMBOLOGIES = ['qr', 'datamatrix'] as const;
export const ERROR_CORRECTIONS = ['L', 'M', 'Q', 'H'] as const;

export type ImageFormat = (typeof FORMATS)[number];
export type Symbology = (typeof SYMBOLOGIES)[number];

export class CarrierOptionsError extends Error {
  override name = 'CarrierOptionsError';
}

export interface ImageOptions {
  format: ImageFormat;
  /** Width and height of the image in pixels (SVG: user units, 1 per CSS pixel). */
  size: number;
  errorCorrection: ErrorCorrection;
  /** Light modules around the symbol; at least the symbology's minimum. */
  quietZone?: number;
}

const oneOf = <T extends string>(name: string, allowed: readonly T[], value: unknown, fallback: T): T => {
  if (value === undefined) return fallback;
  const upper = name === 'errorCorrection' && typeof value === 'string' ? value.toUpperCase() : value;
  if (typeof upper === 'string' && (allowed as readonly string[]).includes(upper)) return upper as T;
  throw new CarrierOptionsError(`${name} must be one of ${allowed.join(', ')}`);
};

/** An integer given as a number or as decimal digits (a query string), within [min, max]. */
function integer(name: string, value: unknown, min: number, max: number, fallback: number): number;
function integer(name: string, value: unknown, min: number, max: number): number | undefined;
function integer(name: string, value: unknown, min: number, max: number, fallback?: number) {
  if (value === undefined) return fallback;
  const parsed =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,6}$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new CarrierOptionsError(`${name} must be an integer from ${min} to ${max}`);
  }
  return parsed;
}

export const readFormat = (value: unknown, fallback: ImageFormat = 'png') =>
  oneOf('format', FORMATS, value, fallback);
export const readSymbology = (value: unknown) => oneOf('symbology', SYMBOLOGIES, value, 'qr');
export const readErrorCorrection = (value: unknown) =>
  oneOf('errorCorrection', ERROR_CORRECTIONS, value, DEFAULT_ERROR_CORRECTION);
export const readSize = (value: unknown) => integer('size', value, MIN_SIZE, MAX_SIZE, DEFAULT_SIZE);

/** The quiet zone asked for, or undefined for the symbology's minimum. */
export function readQuietZone(value: unknown, symbology: Symbology): number | undefined {
  return integer('quietZone', value, MIN_QUIET_ZONE[symbology], MAX_QUIET_ZONE);
}

export interface RawImageOptions {
  format?: unknown;
  size?: unknown;
  errorCorrection?: unknown;
  quietZone?: unknown;
  symbology?: unknown;
}

/** Every image option read and checked; throws CarrierOptionsError naming the first bad one. */
export function readImageOptions(raw: RawImageOptions, defaultFormat: ImageFormat = 'png') {
  const symbology = readSymbology(raw.symbology);
  const quietZone = readQuietZone(raw.quietZone, symbology);
  const options: ImageOptions = {
    format: readFormat(raw.format, defaultFormat),
    size: readSize(raw.size),
    errorCorrection: readErrorCorrection(raw.errorCorrection),
    ...(quietZone === undefined ? {} : { quietZone }),
  };
  return { symbology, options };
}
