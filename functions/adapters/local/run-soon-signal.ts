/**
 * Local stand-in for the asynchronous invocation of the dispatch function: jobs handed over by
 * `runSoon` go to whoever delivers jobs in this process (the local product's job poller, or the
 * test harness). With no one listening, they stay on the due index for the next sweep.
 */
type RunSoonListener = (jobIds: string[]) => void;

const listeners = new Set<RunSoonListener>();

export function onRunSoon(listener: RunSoonListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalRunSoon(jobIds: string[]): void {
  for (const listener of listeners) listener(jobIds);
}
