import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

/** The global notifications shown as a Cloudscape Flashbar on every layout. */
export interface AppNotification {
  id: string;
  type: 'success' | 'error' | 'warning' | 'info';
  content: ReactNode;
  header?: ReactNode;
  /** Posted without an id: the result of one action, which no later call replaces by its id. */
  anonymous?: boolean;
}

let items: AppNotification[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const AUTO_DISMISS_MS = 8000;

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Shows a notification; one with the id of a shown one replaces it. A success is the result of a
 * newer action: the failures of earlier actions posted without an id go, so that « Relance
 * impossible… » no longer stands beside the relance sent next. A failure with its own id (a
 * refused attendance mark, an expired session) stays until its owner replaces it or it is closed.
 */
export function notify(notification: Omit<AppNotification, 'id' | 'anonymous'> & { id?: string }): string {
  counter += 1;
  const id = notification.id ?? `n${counter}`;
  const stale = (item: AppNotification) => notification.type === 'success' && item.anonymous === true && (item.type === 'error' || item.type === 'warning');
  items = [...items.filter((item) => item.id !== id && !stale(item)), { ...notification, id, anonymous: notification.id === undefined }];
  emit();
  if (notification.type === 'success' || notification.type === 'info') {
    setTimeout(() => dismiss(id), AUTO_DISMISS_MS);
  }
  return id;
}

export function dismiss(id: string): void {
  if (!items.some((item) => item.id === id)) return;
  items = items.filter((item) => item.id !== id);
  emit();
}

export function clearNotifications(): void {
  items = [];
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notifications shown now. */
export function currentNotifications(): AppNotification[] {
  return items;
}

export function useNotifications(): AppNotification[] {
  return useSyncExternalStore(subscribe, currentNotifications, currentNotifications);
}
