// Data carriers: QR Code and GS1 DataMatrix images, print labels and the label archive.
export { type ArchiveInput, labelArchive, MANIFEST_COLUMNS, manifestCsv } from './archive.ts';
export { type CarrierContent, type CarrierSubject, carrierContent } from './content.ts';
export {
  type LabelFormat,
  type LabelOptions,
  type PreparedLabel,
  prepareLabel,
  type RawLabelOptions,
  readLabelOptions,
} from './labels.ts';
export type { ErrorCorrection } from './matrix.ts';
export {
  CarrierOptionsError,
  type ImageFormat,
  type ImageOptions,
  MAX_SIZE,
  MIN_SIZE,
  type RawImageOptions,
  readImageOptions,
  type Symbology,
} from './options.ts';
export {
  type CarrierImage,
  type RenderedImage,
  renderCarrier,
  renderGs1DataMatrix,
  renderQr,
  SymbologyNotRenderable,
} from './render.ts';
