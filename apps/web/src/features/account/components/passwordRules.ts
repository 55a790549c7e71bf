// The password rule of account confirmation and reset: 8+ characters, a digit and an uppercase letter.
export const PASSWORD_MIN_LENGTH = 8;

export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\d/.test(password) && /\p{Lu}/u.test(password);
}

export type PasswordProblem =
  'account.confirm.passwordInvalid' | 'account.confirm.passwordsDontMatch';

/** What is wrong with each field, as the spec's message keys; nothing is said about empty fields. */
export function passwordProblems(password: string, confirmation: string) {
  return {
    password:
      password && !isValidPassword(password) ? ('account.confirm.passwordInvalid' as const) : null,
    confirmation:
      confirmation && confirmation !== password
        ? ('account.confirm.passwordsDontMatch' as const)
        : null,
    ok: isValidPassword(password) && password === confirmation,
  };
}
