import type { Request } from 'express';
import { signInAttempts } from './rate-limit.js';

const post = (query: string, operationName?: string) =>
  ({ method: 'POST', body: { query, operationName } }) as unknown as Request;

describe('signInAttempts', () => {
  it('counts each sign-in field of the mutation, aliases included', () => {
    const query =
      'mutation { a: login(email: "a@b.c", password: "x") { status } b: login(email: "a@b.c", password: "y") { status } }';
    expect(signInAttempts(post(query), 2000)).toBe(2);
  });

  it('counts none in a query that names no sign-in field', () => {
    expect(signInAttempts(post('query Survey($id: ID!) { survey(id: $id) { id } }'), 2000)).toBe(0);
  });

  it('counts none when the name appears only in a value or another operation', () => {
    expect(signInAttempts(post('{ users(search: "login") { totalRecords } }'), 2000)).toBe(0);
    const two = 'query Q { ping } mutation M { login(email: "a@b.c", password: "x") { status } }';
    expect(signInAttempts(post(two, 'Q'), 2000)).toBe(0);
    expect(signInAttempts(post(two, 'M'), 2000)).toBe(1);
  });

  it('does not take a longer field name for a sign-in field', () => {
    expect(signInAttempts(post('mutation { loginHistory { id } }'), 2000)).toBe(0);
  });
});
