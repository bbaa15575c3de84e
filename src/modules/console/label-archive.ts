// The labels the console offers for download, made by the labels API as the member
// (`POST /api/v1/passports/labels`): a passport's, one battery unit's, or a batch of units' ZIP.
// One label alone (a unit's PDF or SVG) is the one file of a one-label archive, so the console
// prints exactly what the API prints and keeps no label code of its own.
import type { FastifyReply } from 'fastify';
import yauzl from 'yauzl';
import { AppError } from '../../core/errors.ts';
import type { SignedInPage } from './frame.ts';
import { apiMessage, type Inject, type PageFrame } from './pages.ts';
import { STATUS_CODES, withLanguage } from './passport-form-screens.ts';

export interface LabelRequest {
  passports?: string[];
  units?: string[];
  formats?: Array<'svg' | 'pdf'>;
}

/** The label ZIP the API makes; its refusal becomes the page's, with the API's message. */
export async function labelArchiveOf(
  inject: Inject,
  page: SignedInPage,
  frame: PageFrame,
  payload: LabelRequest,
): Promise<Buffer> {
  const answer = await inject({
    method: 'POST',
    url: '/api/v1/passports/labels',
    headers: {
      authorization: `Bearer ${page.principal.session.token}`,
      host: 'localhost',
      ...withLanguage(frame),
    },
    payload,
  });
  if (answer.statusCode !== 200) {
    const body = answer.body ? (answer.json() as Record<string, unknown>) : {};
    throw new AppError(STATUS_CODES[answer.statusCode] ?? 'BAD_REQUEST', apiMessage(body));
  }
  return answer.rawPayload;
}

/** One file of a ZIP held in memory (a label archive is small: one label, or up to 200). */
export function fileOfZip(zip: Buffer, name: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      file.on('error', reject);
      file.on('end', () => reject(new Error(`${name} is not in the label archive`)));
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return file.readEntry();
        file.openReadStream(entry, (opened, stream) => {
          if (opened) return reject(opened);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            file.close();
            resolve(Buffer.concat(chunks));
          });
        });
      });
      file.readEntry();
    });
  });
}

/** A download: the bytes as they are, named, never cached (a label can change with its passport). */
export function sendDownload(reply: FastifyReply, type: string, fileName: string, bytes: Buffer) {
  return reply
    .code(200)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .type(type)
    .send(bytes);
}
