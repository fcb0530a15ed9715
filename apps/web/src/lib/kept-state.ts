import { useCallback, useState, type SetStateAction } from 'react';

const PREFIX = 'mc.kept.';

const read = <T,>(key: string): { found: boolean; value?: T } => {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw === null ? { found: false } : { found: true, value: JSON.parse(raw) as T };
  } catch {
    return { found: false };
  }
};

/**
 * `useState` whose value is also kept in this tab's sessionStorage under `key`, so a form's
 * unsaved edits survive a reload and the trip through sign-in when the session ends (docs/requirements/notifications.md#notifications,
 * docs/requirements/account-and-settings.md#session-check). Values must be JSON. A storage that is full or blocked only loses the copy.
 */
export function useKeptState<T>(key: string, init: T | (() => T)): [T, (next: SetStateAction<T>) => void] {
  const [value, setValue] = useState<T>(() => {
    const kept = read<T>(key);
    if (kept.found) return kept.value as T;
    return typeof init === 'function' ? (init as () => T)() : init;
  });
  const set = useCallback((next: SetStateAction<T>) => {
    setValue((current) => {
      const v = typeof next === 'function' ? (next as (c: T) => T)(current) : next;
      try {
        sessionStorage.setItem(PREFIX + key, JSON.stringify(v));
      } catch {
        /* full or blocked: the edit stays in memory */
      }
      return v;
    });
  }, [key]);
  return [value, set];
}

/** Forgets every kept value whose key starts with `prefix` (a form saved or cancelled). */
export function forgetKept(prefix: string): void {
  try {
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const k = sessionStorage.key(i);
      if (k?.startsWith(PREFIX + prefix)) sessionStorage.removeItem(k);
    }
  } catch {
    /* blocked storage: nothing was kept */
  }
}
