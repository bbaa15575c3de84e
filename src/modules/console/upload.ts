// File uploads on the console's pages: multipart/form-data is accepted in the pages' scope only
// (the API stays JSON), with tight limits, and read in the handler, each check before the bytes it
// guards: the member's permission before anything of the body (a member who could not use the
// file never has it read), then the size the request declares, then the form's CSRF token before
// a byte of the file, and the file's actual size as it is read.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import type { Permission } from '../../domain/auth/permissions.ts';
import type { SignedInPage } from './frame.ts';
import { PAGE_ANSWERS, page, type tr } from './pages.ts';

/**
 * One file of at most 1 MiB (a form may allow more: postedForm), a handful of fields, each at most
 * 1 MiB (a pasted CSV is one).
 */
export const UPLOAD_LIMITS = {
  files: 1,
  fileSize: 1024 * 1024,
  fields: 8,
  fieldSize: 1024 * 1024,
  parts: 9,
  headerPairs: 20,
};

/** Room a form with a file may declare beyond the file: its other fields and the framing. */
const FORM_ROOM = 64 * 1024;

/** The statuses of a page that takes an upload: a page's, and 413 for one over the limit. */
export const UPLOAD_ANSWERS = { ...PAGE_ANSWERS, 413: page('The upload is larger than the limit') };

export async function acceptUploads(scope: App): Promise<void> {
  await scope.register(multipart, { limits: UPLOAD_LIMITS });
}

export interface PostedForm {
  fields: URLSearchParams;
  /** The uploaded file's bytes, or null when none was chosen. */
  file: Buffer | null;
}

const tooLarge = (t: ReturnType<typeof tr>, fileSize: number) =>
  new AppError('PAYLOAD_TOO_LARGE', t('upload.tooLarge', { max: fileSize / (1024 * 1024) }));

/** Why a multipart body was refused, worded for the form it came from. */
function uploadRefusal(error: unknown, t: ReturnType<typeof tr>, fileSize: number): AppError {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(t, fileSize);
  if (code === 'FST_FILES_LIMIT') return new AppError('BAD_REQUEST', t('csvUpload.oneFile'));
  return new AppError('BAD_REQUEST', t('csvUpload.unreadable'));
}

/** Refuses a member whose role lacks the permission the upload serves, naming both. */
function assertMay(page: SignedInPage, permission: Permission): void {
  const { member } = page.principal;
  if (!member.permissions.includes(permission))
    throw new AppError(
      'INSUFFICIENT_PERMISSION',
      page.t('upload.forbidden', { role: member.role, permission }),
    );
}

/**
 * The posted form as fields and at most one file, for a member who holds `permission` (asked
 * first). A form-encoded body is taken as parsed; a multipart one declaring more than the limits
 * is refused unread (413), else read part by part. `checkFields` (the CSRF check) runs once: on the
 * fields seen so far before a file is read, so the token must come before the file, as a page's
 * form sends it, or on all the fields when no file came. A part over the limits is refused with
 * its reason (413 for its size). `fileSize` is the largest file the form takes: 1 MiB unless the
 * API the form posts to takes more (a registration's proof, 5 MiB).
 */
export async function postedForm(
  request: FastifyRequest,
  page: SignedInPage,
  permission: Permission,
  checkFields: (fields: URLSearchParams) => void,
  fileSize: number = UPLOAD_LIMITS.fileSize,
): Promise<PostedForm> {
  const { t } = page;
  assertMay(page, permission);
  if (!request.isMultipart()) {
    const fields = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    checkFields(fields);
    return { fields, file: null };
  }
  if (Number(request.headers['content-length'] ?? 0) > fileSize + FORM_ROOM) throw tooLarge(t, fileSize);
  const fields = new URLSearchParams();
  let file: Buffer | null = null;
  let checked = false;
  try {
    for await (const part of request.parts({ limits: { ...UPLOAD_LIMITS, fileSize } })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge(t, UPLOAD_LIMITS.fieldSize);
        fields.append(part.fieldname, String(part.value));
        continue;
      }
      if (!checked) checkFields(fields);
      checked = true;
      const bytes = await part.toBuffer();
      // A form whose file input was left empty still sends the part, nameless and empty.
      if (part.filename !== '' || bytes.length > 0) file = bytes;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw uploadRefusal(error, t, fileSize);
  }
  if (!checked) checkFields(fields);
  return { fields, file };
}

/** The file as UTF-8 text (a leading byte-order mark dropped), or a refusal naming the encoding. */
export function utf8Text(bytes: Buffer, t: ReturnType<typeof tr>): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new AppError('BAD_REQUEST', t('csvUpload.notUtf8'));
  }
}
