// A report read while its survey's results are being prepared (a fresh database builds the
// anonymity gate on the first read): the answer says RESULTS_PREPARING with retryAfter seconds, and
// the console asks again after them. Tests that read reports of a fresh database do the same.

/** An answer of /graphql, as far as these helpers read it. */
export interface GraphqlAnswer {
  errors?: unknown[];
}

/** The seconds to wait when the answer says the results are being prepared; null otherwise. */
export function preparingFor(answer: GraphqlAnswer): number | null {
  const error = answer.errors?.[0] as
    { extensions?: { code?: string; retryAfter?: number } } | undefined;
  if (error?.extensions?.code !== 'RESULTS_PREPARING') return null;
  return error.extensions.retryAfter ?? 1;
}

/** `read` again after each retryAfter while the results are prepared (at most `tries` times). */
export async function readWhenPrepared<A extends GraphqlAnswer>(
  read: () => Promise<A>,
  tries = 60,
): Promise<A> {
  let answer = await read();
  for (let tried = 0; tried < tries; tried += 1) {
    const wait = preparingFor(answer);
    if (wait === null) break;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    answer = await read();
  }
  return answer;
}
