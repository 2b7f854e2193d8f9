/** After the next paint, once the main thread is idle (at most a second later): `requestIdleCallback` where it exists. */
export function afterPaintAndIdle(run: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: 1_000 });
    else timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (idle !== undefined) cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}

/**
 * A module the first screen does not draw (a page's dialogs), imported once: on first use, or
 * ahead of it once the first screen is painted (docs/performance.md « Big programs »), so that
 * neither its fetch nor its compilation delays a cold page's first rows.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      // A failed fetch (network) may be tried again at the next use.
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
