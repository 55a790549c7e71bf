// One uploaded file with its form fields (multipart/form-data), held in memory up to a limit that
// is enforced while the body streams in: a larger file is refused with 413 without buffering it.
import busboy from 'busboy';
import type { Request } from 'express';
import type { z } from 'zod';
import { HttpError } from './errors.js';
import { parseBody } from './validation.js';

/** The largest file an import takes (administration issue 3: 10 MB). */
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
// Room for the multipart framing and the small text fields around the file.
const FRAMING_BYTES = 64 * 1024;

export interface Upload {
  /** The part named `file`; undefined when the form had none. */
  file: Buffer | undefined;
  fields: Record<string, string>;
}

const required = (field: string) =>
  new HttpError('validation-failed', [{ field, message: 'validation.required' }]);

export function readUpload(req: Request, limit = UPLOAD_LIMIT_BYTES): Promise<Upload> {
  const refuse = (error: HttpError) => {
    req.resume(); // discard the body so the client, still sending, reads the answer
    return Promise.reject(error);
  };
  const length = Number(req.get('content-length') ?? 0);
  if (length > limit + FRAMING_BYTES) return refuse(new HttpError('payload-too-large'));
  if (!req.is('multipart/form-data')) return refuse(required('file'));

  return new Promise<Upload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: limit, files: 1, fields: 20, fieldSize: 10_000, parts: 25 },
      });
    } catch {
      void refuse(required('file')).catch(reject);
      return;
    }
    let settled = false;
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume(); // discard the rest of the body so the answer can be read
      reject(error);
    };
    const fields: Record<string, string> = {};
    let file: Buffer | undefined;
    let pending: Promise<void> = Promise.resolve();

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      if (name !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new HttpError('payload-too-large')));
      pending = new Promise<void>((done) =>
        stream.on('end', () => {
          file = Buffer.concat(chunks);
          done();
        }),
      );
    });
    parser.on('error', () => fail(required('file')));
    parser.on('close', () => {
      void pending.then(() => {
        if (settled) return;
        settled = true;
        resolve({ file, fields });
      });
    });
    req.pipe(parser);
  });
}

/** An import upload: its form fields parsed by `schema` (400 with field errors) and the file (400 when missing). */
export async function readImportUpload<S extends z.ZodType>(
  req: Request,
  schema: S,
): Promise<{ fields: z.infer<S>; file: Buffer }> {
  const upload = await readUpload(req);
  const fields = parseBody(schema, upload.fields);
  if (!upload.file) throw required('file');
  return { fields, file: upload.file };
}
