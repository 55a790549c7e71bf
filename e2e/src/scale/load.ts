// A steady mixed load for a fixed time: a few users each sending the console's reads one after the
// other, plus sign-ins at a slow pace of their own. It stops by itself and reports every request that
// failed (no answer, a status other than 200, or a GraphQL error), as a browser would have shown it.
import type { GraphqlAnswer } from './client.js';
import { sleep } from './processes.js';

export interface LoadStep {
  name: string;
  send(): Promise<GraphqlAnswer>;
}

export interface LoadFailure {
  step: string;
  /** Seconds since the load started. */
  at: number;
  problem: string;
}

export interface LoadResult {
  requests: number;
  byStep: Record<string, number>;
  failures: LoadFailure[];
}

export interface LoadOptions {
  seconds: number;
  /** Users sending at once, each its next request as soon as the last one answered (plus pauseMs). */
  users: number;
  pauseMs: number;
  reads: LoadStep[];
  /** One sign-in every `everyMs`, kept below the per-address limit of the load's one address. */
  signIn: { everyMs: number; step: LoadStep };
}

const problemOf = (answer: GraphqlAnswer): string | null => {
  if (answer.status !== 200) return `HTTP ${answer.status} ${JSON.stringify(answer.body)}`;
  if (answer.body.errors?.length) return `GraphQL ${JSON.stringify(answer.body.errors)}`;
  if (!answer.body.data) return 'no data';
  return null;
};

export async function steadyLoad(options: LoadOptions): Promise<LoadResult> {
  const started = Date.now();
  const deadline = started + options.seconds * 1000;
  const result: LoadResult = { requests: 0, byStep: {}, failures: [] };
  const run = async (step: LoadStep) => {
    result.requests += 1;
    result.byStep[step.name] = (result.byStep[step.name] ?? 0) + 1;
    let problem: string | null;
    try {
      problem = problemOf(await step.send());
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    if (problem)
      result.failures.push({ step: step.name, at: (Date.now() - started) / 1000, problem });
  };
  const user = async (offset: number) => {
    for (let i = offset; Date.now() < deadline; i += 1) {
      await run(options.reads[i % options.reads.length] as LoadStep);
      await sleep(options.pauseMs);
    }
  };
  const signIns = async () => {
    while (Date.now() + options.signIn.everyMs < deadline) {
      await sleep(options.signIn.everyMs);
      await run(options.signIn.step);
    }
  };
  await Promise.all([
    ...Array.from({ length: options.users }, (_, offset) => user(offset)),
    signIns(),
  ]);
  return result;
}
