// The label archive: a ZIP streamed entry by entry. manifest.csv (and warnings.json when a carrier
// was left out) come first; each label is drawn only when the archive reaches it and is gone once
// written, so a batch of 200 labels holds one label in memory, not 200.
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { layoutLabel } from './label-layout.ts';
import { labelPdf } from './label-pdf.ts';
import { labelSvg } from './label-svg.ts';
import type { LabelOptions, PreparedLabel } from './labels.ts';
import { SYMBOLOGY_NAMES } from './render.ts';

export const MANIFEST_COLUMNS = [
  'file',
  'kind',
  'id',
  'productId',
  'serialNumber',
  'symbologies',
  'encoded',
  'hri',
  'title',
] as const;

/** One CSV field (RFC 4180); a leading =, +, - or @ is quoted away from spreadsheet formulas. */
export function csvField(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** The file name of a label: its kind and id, which are unique and safe in every file system. */
export const labelFileName = (label: PreparedLabel, format: string) =>
  `${label.subject.kind}-${label.subject.id}.${format}`;

export function manifestCsv(labels: PreparedLabel[], options: LabelOptions): string {
  const rows = [MANIFEST_COLUMNS.join(',')];
  for (const label of labels) {
    const { subject, content, symbols } = label;
    for (const format of options.formats) {
      rows.push(
        [
          labelFileName(label, format),
          subject.kind,
          subject.id,
          subject.productId,
          subject.serialNumber ?? '',
          symbols.map((symbol) => SYMBOLOGY_NAMES[symbol.symbology]).join(' + '),
          content.link,
          content.hri,
          content.title,
        ]
          .map(csvField)
          .join(','),
      );
    }
  }
  return `${rows.join('\r\n')}\r\n`;
}

export interface ArchiveInput {
  labels: PreparedLabel[];
  options: LabelOptions;
  /** The advisory items of the batch, already in the caller's language; omitted when empty. */
  warnings: unknown[];
  createdAt: Date;
}

export function labelArchive({ labels, options, warnings, createdAt }: ArchiveInput): Readable {
  const zip = new yazl.ZipFile();
  const entry = { mtime: createdAt };
  zip.addBuffer(Buffer.from(manifestCsv(labels, options), 'utf8'), 'manifest.csv', entry);
  if (warnings.length > 0) {
    zip.addBuffer(Buffer.from(`${JSON.stringify(warnings, null, 2)}\n`, 'utf8'), 'warnings.json', entry);
  }
  for (const label of labels) {
    for (const format of options.formats) {
      zip.addReadStreamLazy(labelFileName(label, format), entry, (done) => {
        try {
          const layout = layoutLabel(label, options.moduleMm);
          done(
            null,
            format === 'svg'
              ? Readable.from([Buffer.from(labelSvg(layout), 'utf8')])
              : labelPdf(layout, createdAt),
          );
        } catch (error) {
          done(error, Readable.from([]));
        }
      });
    }
  }
  zip.end();
  // yazl's own output stream, not a wrapper: a wrapper would read ahead, and draw labels ahead.
  return zip.outputStream as Readable;
}
