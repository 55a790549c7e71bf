// The send job's PDFs (issue 32) are drawn by the gateway, which holds the package's GraphQL
// composition and the slide and chart code the browser uses. The job asks it as the supervisor the
// PDF is for: a session token of theirs, issued here for a few minutes, is the only credential the
// call carries, and the gateway passes it on to this API for every read (it trusts nothing else),
// so the PDF shows what that supervisor may read and nothing more.
import type { Role, Tokens } from '../../lib/auth.js';

export interface PdfReader {
  id: string;
  role: Role;
  tokenVersion: number;
}

export interface PackagePdfBuilder {
  /**
   * The unit's package of the survey as `reader` reads it, in a console language; null when the
   * package has too few responders to be made (the package's own minimum, which can be above the
   * anonymity threshold the gate applies).
   */
  build(
    reader: PdfReader,
    surveyId: string,
    unitId: string,
    language: string,
  ): Promise<Buffer | null>;
}

/** How long a build waits for the gateway: a slide deck takes seconds, longer under load. */
const BUILD_TIMEOUT_MS = 180_000;

export function gatewayPdfBuilder(gatewayUrl: string, tokens: Tokens): PackagePdfBuilder {
  const base = gatewayUrl.replace(/\/+$/, '');
  return {
    async build(reader, surveyId, unitId, language) {
      const { token } = await tokens.issue(reader);
      const query = new URLSearchParams({ surveyId, unitId, language });
      const response = await fetch(`${base}/files/supervisor-packages/build?${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(BUILD_TIMEOUT_MS),
      });
      if (response.status !== 200 || response.headers.get('content-type') !== 'application/pdf') {
        const text = (await response.text()).slice(0, 300);
        if (response.status === 404 && text.includes('"BELOW_THRESHOLD"')) return null;
        throw new Error(`the gateway built no package PDF (${response.status}): ${text}`);
      }
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
