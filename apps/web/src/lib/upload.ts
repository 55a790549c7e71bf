// Spreadsheet imports go to the gateway's file routes (`POST /files/import/...`), not through
// GraphQL: a multipart form with the session cookie (same origin) and the `x-survey-csrf` header
// a cross-site form cannot set. Errors come back as `{ code, message, detail?, fieldErrors? }`.

/** The import result (administration.md section 3); `reason` is a code the UI translates. */
export interface ImportResult {
  successfulImportsCount: number;
  failedImportsCount: number;
  failedImports: { row: number; email: string; reason: string }[];
}

/**
 * A refused import. `keys` name what went wrong, most specific first: the file's problem (the
 * REST field error on `file`, e.g. `import.notSpreadsheet`), the REST problem `detail` (e.g.
 * `unsupported_file`), the gateway `code` (or `http_<status>` when the answer had none).
 */
export class ImportError extends Error {
  constructor(
    readonly keys: string[],
    message: string,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

interface GatewayError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  fieldErrors?: unknown;
}

function keysOf(body: GatewayError, status: number): string[] {
  const keys: string[] = [];
  if (Array.isArray(body.fieldErrors)) {
    for (const error of body.fieldErrors as { field?: unknown; message?: unknown }[]) {
      const message = typeof error?.message === 'string' ? error.message : '';
      if (error?.field === 'file' && message.startsWith('import.')) {
        keys.push(`file.${message.slice('import.'.length)}`);
      }
    }
  }
  if (typeof body.detail === 'string') keys.push(body.detail);
  keys.push(typeof body.code === 'string' ? body.code : `http_${status}`);
  return keys;
}

function isResult(value: unknown): value is ImportResult {
  const result = value as ImportResult | null;
  return (
    typeof result === 'object' &&
    result !== null &&
    typeof result.successfulImportsCount === 'number' &&
    typeof result.failedImportsCount === 'number' &&
    Array.isArray(result.failedImports)
  );
}

export async function uploadImport(
  path: '/files/import/participants' | '/files/import/users',
  fields: Record<string, string>,
  file: File,
): Promise<ImportResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { 'x-survey-csrf': '1' },
    });
  } catch {
    throw new ImportError(['unreachable'], 'unable to make request');
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && isResult(body)) return body;
  const error = (typeof body === 'object' && body !== null ? body : {}) as GatewayError;
  const message = typeof error.message === 'string' ? error.message : response.statusText;
  throw new ImportError(keysOf(error, response.status), message);
}
