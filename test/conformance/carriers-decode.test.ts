// Every carrier we draw, read back by decoders that are not ours: ZBar (`zbarimg`, Debian's
// zbar-tools) for QR codes, libdmtx (`dmtxread`, Debian's dmtx-utils) for Data Matrix; PDF labels
// rasterised by Ghostscript (`gs`), SVG images and labels by Chromium. A missing tool fails the test
// with the package to install: nothing here is skipped.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelArchive } from '../../src/domain/carriers/archive.ts';
import type { CarrierSubject } from '../../src/domain/carriers/content.ts';
import { layoutLabel } from '../../src/domain/carriers/label-layout.ts';
import { labelPdf } from '../../src/domain/carriers/label-pdf.ts';
import { labelSvg } from '../../src/domain/carriers/label-svg.ts';
import { prepareLabel, readLabelOptions } from '../../src/domain/carriers/labels.ts';
import { renderGs1DataMatrix, renderQr } from '../../src/domain/carriers/render.ts';
import { decode } from '../../src/domain/gs1/decode.ts';
import { launchBrowser, newPage } from '../helpers/browser.ts';
import { readZip } from '../helpers/carriers.ts';

const run = promisify(execFile);
const BASE = 'https://dpp.example.test';
const GTIN = '04006381333931';

async function tool(command: string, args: string[], debianPackage: string): Promise<string> {
  try {
    const { stdout } = await run(command, args, { maxBuffer: 1 << 24 });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stdout?: string };
    if (failure.code === 'ENOENT')
      throw new Error(`${command} is missing: install Debian's ${debianPackage}`);
    // zbarimg and dmtxread exit non-zero when they find nothing: the empty answer says so.
    return failure.stdout ?? '';
  }
}

let dir: string;
let browser: Browser;
let files = 0;
const file = async (data: Buffer | string, extension: string) => {
  const path = join(dir, `carrier-${files++}.${extension}`);
  await writeFile(path, data);
  return path;
};

const zbar = async (png: Buffer | string) =>
  (
    await tool(
      'zbarimg',
      [
        '--quiet',
        '--raw',
        '-Sdisable',
        '-Sqrcode.enable',
        typeof png === 'string' ? png : await file(png, 'png'),
      ],
      'zbar-tools',
    )
  ).replace(/\n$/, '');
/** Decoded Data Matrix text; FNC1 is printed as `^`, so GS1 mode shows as a leading caret. */
const dmtx = async (png: Buffer | string) =>
  (
    await tool(
      'dmtxread',
      ['-N', '1', '-G', '94', typeof png === 'string' ? png : await file(png, 'png')],
      'dmtx-utils',
    )
  ).replace(/\n$/, '');

async function rasterisePdf(pdf: Buffer): Promise<string> {
  const input = await file(pdf, 'pdf');
  const output = `${input}.png`;
  await tool(
    'gs',
    ['-q', '-dSAFER', '-dNOPAUSE', '-dBATCH', '-sDEVICE=pnggray', '-r400', `-sOutputFile=${output}`, input],
    'ghostscript',
  );
  return output;
}

async function screenshotSvg(svg: string, scale = 1): Promise<Buffer> {
  const page = await newPage(browser, { deviceScaleFactor: scale });
  try {
    await page.setContent(
      `<!doctype html><body style="margin:0;background:#fff">${svg.replace(/^<\?xml[^>]*\?>\n/, '')}</body>`,
    );
    return await page.locator('svg').screenshot();
  } finally {
    await page.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'carriers-'));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

const LINKS = [
  `${BASE}/01/${GTIN}`,
  `${BASE}/01/${GTIN}/21/SN.42_a-Z`,
  `${BASE}/8003/04006381333931ABC-12`,
  `${BASE}/passport/7f1d9a52-3c1b-4f6e-9a11-2f0c8e5d4b21`,
  `${BASE}/unit/0b9f1c1e-5a7d-4c39-8f2a-6d3e1b7c9a40`,
];

describe('QR codes read back by ZBar', () => {
  it('decodes to exactly the link at every size and error-correction level', async () => {
    for (const text of LINKS.slice(0, 2)) {
      for (const size of [128, 200, 512, 1000, 2048]) {
        for (const errorCorrection of ['L', 'M', 'Q', 'H'] as const) {
          const { body } = renderQr(text, { format: 'png', size, errorCorrection });
          expect(await zbar(body), `${text} ${size} ${errorCorrection}`).toBe(text);
        }
      }
    }
  });

  it('decodes every kind of link the node encodes', async () => {
    for (const text of LINKS) {
      expect(await zbar(renderQr(text, { format: 'png', size: 300 }).body)).toBe(text);
    }
  });

  it('decodes the SVG as Chromium draws it', async () => {
    for (const errorCorrection of ['L', 'H'] as const) {
      const svg = renderQr(LINKS[1] as string, { format: 'svg', size: 400, errorCorrection }).body.toString(
        'utf8',
      );
      expect(await zbar(await screenshotSvg(svg))).toBe(LINKS[1]);
    }
  });
});

describe('GS1 DataMatrix read back by libdmtx', () => {
  it('carries a Digital Link as the URI itself, at several sizes', async () => {
    for (const text of LINKS.slice(0, 3)) {
      for (const size of [128, 400, 2048]) {
        expect(await dmtx(renderGs1DataMatrix(text, { format: 'png', size }).body), `${text} ${size}`).toBe(
          text,
        );
      }
    }
  });

  it('carries an element string in GS1 mode, FNC1 first', async () => {
    const { body } = renderGs1DataMatrix(`(01)${GTIN}(21)SN-42`, { format: 'png', size: 256 });
    expect(await dmtx(body)).toBe(`^01${GTIN}21SN-42`);
  });

  it("reads back, through the node's own GS1 decoder, as the unit's Digital Link", async () => {
    const link = `${BASE}/01/${GTIN}/21/SN-42`;
    const scanned = await dmtx(
      renderGs1DataMatrix(`(01)${GTIN}(21)SN-42`, { format: 'png', size: 256 }).body,
    );
    // A reader reports a GS1 DataMatrix as ]d2 followed by the data after the leading FNC1.
    expect(decode(`]d2${scanned.slice(1)}`, BASE)).toMatchObject({ ok: true, digitalLink: link });
    const viaLink = await dmtx(renderGs1DataMatrix(link, { format: 'png', size: 256 }).body);
    expect(decode(viaLink, BASE)).toMatchObject({ ok: true, digitalLink: link });
    const viaQr = await zbar(renderQr(link, { format: 'png', size: 256 }).body);
    expect(decode(viaQr, BASE)).toMatchObject({ ok: true, digitalLink: link });
  });

  it('decodes the SVG as Chromium draws it', async () => {
    const svg = renderGs1DataMatrix(LINKS[0] as string, { format: 'svg', size: 300 }).body.toString('utf8');
    expect(await dmtx(await screenshotSvg(svg))).toBe(LINKS[0]);
  });
});

const subject = (overrides: Partial<CarrierSubject>): CarrierSubject => ({
  kind: 'passport',
  id: 'p-1',
  digitalLink: `${BASE}/01/${GTIN}`,
  nodeUrl: `${BASE}/passport/p-1`,
  productIdScheme: 'GTIN',
  productId: GTIN,
  category: 'textiles',
  metadata: { productInformation: { productName: 'Organic cotton T-shirt' } },
  ...overrides,
});

describe('labels read back after printing', () => {
  const options = readLabelOptions({ symbologies: ['qr', 'datamatrix'] });
  const label = prepareLabel(subject({}), options);

  it('PDF, rasterised by Ghostscript: the QR code and the Data Matrix both decode to the link', async () => {
    const pdf = Buffer.concat(await labelPdf(layoutLabel(label, options.moduleMm), new Date()).toArray());
    const png = await rasterisePdf(pdf);
    expect(await zbar(png)).toBe(`${BASE}/01/${GTIN}`);
    expect(await dmtx(png)).toBe(`${BASE}/01/${GTIN}`);
  });

  it('PDF at the smallest module size still decodes', async () => {
    const small = readLabelOptions({ moduleSizeMm: 0.25 });
    const unit = prepareLabel(
      subject({ kind: 'unit', id: 'u-1', serialNumber: 'SN-9', digitalLink: `${BASE}/01/${GTIN}/21/SN-9` }),
      small,
    );
    const pdf = Buffer.concat(await labelPdf(layoutLabel(unit, small.moduleMm), new Date()).toArray());
    expect(await zbar(await rasterisePdf(pdf))).toBe(`${BASE}/01/${GTIN}/21/SN-9`);
  });

  it('SVG, drawn by Chromium: both symbols decode to the link', async () => {
    const png = await screenshotSvg(labelSvg(layoutLabel(label, options.moduleMm)), 4);
    expect(await zbar(png)).toBe(`${BASE}/01/${GTIN}`);
    expect(await dmtx(png)).toBe(`${BASE}/01/${GTIN}`);
  });

  it('every label of an archive decodes to the link its manifest row names', async () => {
    const labels = [
      label,
      prepareLabel(
        subject({
          id: 'p-2',
          digitalLink: null,
          productIdScheme: 'SKU',
          productId: 'SKU-7',
          nodeUrl: `${BASE}/passport/p-2`,
        }),
        options,
      ),
    ];
    const archive = labelArchive({ labels, options, warnings: [], createdAt: new Date() });
    const entries = readZip(Buffer.concat(await Readable.from(archive).toArray()));
    const rows = (entries.get('manifest.csv') as Buffer).toString('utf8').trimEnd().split('\r\n').slice(1);
    for (const row of rows) {
      const [name, , , , , , encoded] = row.split(',');
      const data = entries.get(name as string) as Buffer;
      const png = name?.endsWith('.pdf')
        ? await rasterisePdf(data)
        : await screenshotSvg(data.toString('utf8'), 4);
      expect(await zbar(png), name).toBe(encoded);
    }
  });
});
