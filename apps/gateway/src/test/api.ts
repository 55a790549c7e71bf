// The real apps/api for integration tests: in-memory database, its own mail catcher, ephemeral ports.
import { startApi as startRealApi, type ConfigOverrides, type StartedApi } from '@survey/api';

export type TestApi = StartedApi;

/**
 * A real API, opening the run's seeded demo database (test/global-setup.mjs) unless it is to run on
 * PostgreSQL or on disk.
 */
export function startApi(overrides: ConfigOverrides = {}): Promise<TestApi> {
  const snapshot = process.env.GATEWAY_TEST_DEMO_SNAPSHOT;
  const inMemory = !overrides.DATABASE_URL && (overrides.DATA_DIR ?? 'memory') === 'memory';
  return startRealApi({
    ...(snapshot && inMemory ? { DATA_SNAPSHOT: snapshot } : {}),
    // Suites sign in far more often than a person; the API's own tests test the limit.
    LOGIN_RATE_LIMIT_PER_MINUTE: 100_000,
    // These suites test answers: a first report read waits for the survey's gate as long as the
    // harness's 60 s upstream wait allows (the 503 while preparing is tested in the API and errors).
    REPORT_GATE_WAIT_MS: 50_000,
    ...overrides,
  });
}

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
