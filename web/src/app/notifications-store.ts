import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

/** The global notifications shown as a Cloudscape Flashbar on every layout. */
export interface AppNotification {
  id: string;
  type: 'success' | 'error' | 'warning' | 'info';
  content: ReactNode;
  header?: ReactNode;
}

let items: AppNotification[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const AUTO_DISMISS_MS = 8000;

function emit(): void {
  for (const listener of listeners) listener();
}

export function notify(notification: Omit<AppNotification, 'id'> & { id?: string }): string {
  counter += 1;
  const id = notification.id ?? `n${counter}`;
  items = [...items.filter((item) => item.id !== id), { ...notification, id }];
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

export function useNotifications(): AppNotification[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}
