// File uploads on the console's pages: multipart/form-data is accepted in the pages' scope only
// (the API stays JSON), with tight limits, and read in the handler so that the form's CSRF token is
// checked before a byte of the file is: a form without the session's token never gets its file read.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import type { tr } from './pages.ts';

/** One file of at most 1 MiB, a handful of fields, each at most 1 MiB (a pasted CSV is one). */
export const UPLOAD_LIMITS = {
  files: 1,
  fileSize: 1024 * 1024,
  fields: 8,
  fieldSize: 1024 * 1024,
  parts: 9,
  headerPairs: 20,
};

export async function acceptUploads(scope: App): Promise<void> {
  await scope.register(multipart, { limits: UPLOAD_LIMITS });
}

export interface PostedForm {
  fields: URLSearchParams;
  /** The uploaded file's bytes, or null when none was chosen. */
  file: Buffer | null;
}

/** Why a multipart body was refused, worded for the form it came from. */
function uploadRefusal(error: unknown, t: ReturnType<typeof tr>): AppError {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('BAD_REQUEST', t('csvUpload.tooLarge'));
  if (code === 'FST_FILES_LIMIT') return new AppError('BAD_REQUEST', t('csvUpload.oneFile'));
  return new AppError('BAD_REQUEST', t('csvUpload.unreadable'));
}

/**
 * The posted form as fields and at most one file. A form-encoded body is taken as parsed; a
 * multipart one is read part by part, and `beforeFile` (the CSRF check) runs on the fields seen so
 * far before the file is read, so the token must come before the file, as a page's form sends it.
 * A body over the limits is refused as a bad request, with its reason.
 */
export async function postedForm(
  request: FastifyRequest,
  t: ReturnType<typeof tr>,
  beforeFile: (fields: URLSearchParams) => void,
): Promise<PostedForm> {
  if (!request.isMultipart()) {
    return {
      fields: request.body instanceof URLSearchParams ? request.body : new URLSearchParams(),
      file: null,
    };
  }
  const fields = new URLSearchParams();
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw new AppError('BAD_REQUEST', t('csvUpload.tooLarge'));
        fields.append(part.fieldname, String(part.value));
        continue;
      }
      beforeFile(fields);
      const bytes = await part.toBuffer();
      // A form whose file input was left empty still sends the part, nameless and empty.
      if (part.filename !== '' || bytes.length > 0) file = bytes;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw uploadRefusal(error, t);
  }
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
