import { useSyncExternalStore } from 'react';

/**
 * The selected project id, remembered in local storage and restored on load (docs/requirements/workflow.md#workflow-order).
 * Deleting the selected project or opening the project list clears it.
 */
const KEY = 'mailcraft.selectedProjectId';
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function getSelectedProject(): string | null {
  return localStorage.getItem(KEY);
}
export function setSelectedProject(id: string): void {
  if (getSelectedProject() === id) return;
  localStorage.setItem(KEY, id);
  emit();
}
export function clearSelectedProject(): void {
  if (getSelectedProject() === null) return;
  localStorage.removeItem(KEY);
  emit();
}
/** React hook over the stored id; re-renders on change. */
export function useSelectedProject(): string | null {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    getSelectedProject,
  );
}
