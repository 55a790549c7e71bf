// Where a search's time goes (docs/ai.md "Search latency"): each stage of an Ask search runs through
// `stage`, which only calls its function, unless the caller runs the search inside `timeStages`
// (the bench, bench/ai/search-latency.ts): then each stage's wall time is added up under its name.
// Stages that run side by side (the index load and the gate's ids) each count their own time.
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

/** Milliseconds per stage name, in the order the stages first ran. */
export type StageTimes = Map<string, number>;

/** Per stage, its wall time and this process's CPU time (user and system) while it ran. */
interface Clock {
  wall: StageTimes;
  cpu: StageTimes;
}

const clock = new AsyncLocalStorage<Clock>();

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function add(times: Clock, name: string, since: number, cpuSince: number) {
  times.wall.set(name, (times.wall.get(name) ?? 0) + performance.now() - since);
  times.cpu.set(name, (times.cpu.get(name) ?? 0) + cpuMs() - cpuSince);
}

/**
 * Runs `run` and says how long each stage in it took: wall time, and this process's CPU time
 * (stages that run side by side each count the process's CPU of that time).
 */
export async function timeStages<T>(
  run: () => Promise<T>,
): Promise<{ value: T; times: StageTimes; cpu: StageTimes }> {
  const times: Clock = { wall: new Map(), cpu: new Map() };
  const value = await clock.run(times, run);
  return { value, times: times.wall, cpu: times.cpu };
}

/** `run()`, its time (to its promise's end) added to `name` when the search is being timed. */
export function stage<T>(name: string, run: () => T): T {
  const times = clock.getStore();
  if (!times) return run();
  const since = performance.now();
  const cpuSince = cpuMs();
  const value = run();
  if (value instanceof Promise) return value.finally(() => add(times, name, since, cpuSince)) as T;
  add(times, name, since, cpuSince);
  return value;
}
