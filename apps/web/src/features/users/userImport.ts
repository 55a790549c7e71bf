// Who is offered the bulk user import on /users (administration.md section 2): users whose email
// domain is one of the allowed company domains, the provider's own by default. Set at build time
// with VITE_USER_IMPORT_DOMAINS (comma-separated).
import { env } from '../../env';

const DEFAULT_DOMAINS = 'survey-console.dev,survey-console.local,demo.test';

export const USER_IMPORT_DOMAINS: readonly string[] = (
  env.VITE_USER_IMPORT_DOMAINS || DEFAULT_DOMAINS
)
  .split(',')
  .map((domain) => domain.trim().toLowerCase())
  .filter(Boolean);

export function mayImportUsers(
  email: string | null | undefined,
  domains: readonly string[] = USER_IMPORT_DOMAINS,
): boolean {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at < 0) return false;
  return domains.includes(email.slice(at + 1).toLowerCase());
}
