import { useSyncExternalStore } from 'react';

export type TFlashSeverity = 'success' | 'error' | 'info';
export type TFlash = { id: number; message: string; severity: TFlashSeverity };
type TItem = TFlash & { at: number; isFallback: boolean };
type TFlashOptions = {
  timeoutMs?: number;
  /**
   * The default word on an action (the server's success message, raised by `useApiMutation`): the screen that
   * ran the action may say something more precise right after, which then takes its place.
   */
  isFallback?: boolean;
};

/** How long after a fallback a flash still counts as the same action's word. */
export const ACTION_WINDOW_MS = 1500;

let items: TItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const dismissFlash = (id: number) => {
  items = items.filter((item) => item.id !== id);
  emit();
};

/**
 * A short message at the bottom of the screen; used by every screen for results of actions. One toast per
 * action (issue 30): the same text is not shown twice at once, and a screen's own word on an action replaces the
 * mutation's default one (a fallback raised just before), so a mutation hook, the dialog and the page that all
 * report the same success leave one toast.
 */
export const flash = (message: string, severity: TFlashSeverity = 'success', options: number | TFlashOptions = {}) => {
  const { timeoutMs = 6000, isFallback = false } = typeof options === 'number' ? { timeoutMs: options } : options;
  const now = Date.now();
  const same = items.find((item) => item.message === message && item.severity === severity);
  if (same) return same.id;
  if (isFallback && items.some((item) => !item.isFallback && item.severity === severity && now - item.at < ACTION_WINDOW_MS)) return 0;
  const kept = isFallback ? items : items.filter((item) => !(item.isFallback && now - item.at < ACTION_WINDOW_MS));
  const id = nextId++;
  items = [...kept.slice(-2), { id, message, severity, at: now, isFallback }];
  emit();
  if (timeoutMs > 0) setTimeout(() => dismissFlash(id), timeoutMs);
  return id;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

const snapshot = () => items;
export const useFlashes = (): readonly TFlash[] => useSyncExternalStore(subscribe, snapshot, snapshot);
