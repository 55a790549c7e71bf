import { hash, verify } from '@node-rs/argon2';

// argon2id (the library default) with OWASP's minimum cost: ~20 ms a hash, so tests stay fast.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash is a failed login, not a 500
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check, so an unknown email answers as slowly as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-1A');
  await verifyPassword(await dummyHash, password);
}
