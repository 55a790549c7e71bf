// The real apps/api for integration tests: in-memory database, its own mail catcher, ephemeral ports.
import { startApi } from '@survey/api';

export type TestApi = Awaited<ReturnType<typeof startApi>>;
export { startApi };

export const DEMO_PASSWORD = 'DemoPass2026';

type Catcher = NonNullable<TestApi['mailCatcher']>;

function catcher(api: TestApi): Catcher {
  if (!api.mailCatcher) throw new Error('the API started without its mail catcher');
  return api.mailCatcher;
}

/** The newest email to `to` whose text matches `pattern`, and the first capture group of the match. */
export async function fromMail(api: TestApi, to: string, pattern: RegExp): Promise<string> {
  const mail = await catcher(api).waitFor(
    (m) => m.to.some((address) => address.includes(to)) && pattern.test(m.text),
    10_000,
  );
  const match = pattern.exec(mail.text);
  if (!match?.[1]) throw new Error(`no match for ${pattern} in the email to ${to}`);
  return match[1];
}

export function clearMail(api: TestApi): void {
  catcher(api).clear();
}

/** The emailed 6-digit sign-in code. */
export const twoFactorCode = (api: TestApi, to: string) => fromMail(api, to, /^\s*(\d{6})\s*$/m);
