// The states of the summary and translation panels (reporting.md section 4): idle, loading, then
// success or error; both reset when the topic changes, both buttons wait while either runs.

export type PanelState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; message: string };

/** A panel's state remembered with the topic it belongs to. */
export interface TopicState<T> {
  topic: string;
  state: PanelState<T>;
}

export const IDLE = { status: 'idle' } as const;

/** The state to show for `topic`: a state of another topic reads as idle (the reset). */
export function stateFor<T>(held: TopicState<T>, topic: string): PanelState<T> {
  return held.topic === topic ? held.state : IDLE;
}

/** Both buttons are disabled while either request runs. */
export function anyRunning(...states: PanelState<unknown>[]): boolean {
  return states.some((state) => state.status === 'loading');
}
