import { useEffect, useSyncExternalStore } from 'react';

/**
 * The names of the records a page shows, by id, for the breadcrumbs: 'Comptes › Léa Dubois' rather
 * than 'Comptes › c9a08d4b…' (part 3 §2 breadcrumb labels). A page that loads a record names it.
 */
const names = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function crumbName(id: string): string | undefined {
  return names.get(id);
}

/** Names the record `id` in the breadcrumbs once its name is known. */
export function useCrumbName(id: string | undefined, name: string | undefined): void {
  useEffect(() => {
    if (!id || !name || names.get(id) === name) return;
    names.set(id, name);
    version += 1;
    for (const listener of listeners) listener();
  }, [id, name]);
}

/** Re-renders the caller when a name is added (the breadcrumbs). */
export function useCrumbNamesVersion(): number {
  return useSyncExternalStore(subscribe, () => version);
}
