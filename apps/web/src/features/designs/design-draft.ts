import type { Template } from '@pdfme/common';

/** A design being edited, kept in the browser until it is saved (issue 6: autosave of drafts). */
export type DesignDraft = {
  /** ISO time of the last change. */
  savedAt: string;
  /** `updated_at` of the saved design the draft started from, or null for a never-saved design. */
  baseUpdatedAt: string | null;
  inside: Template;
  outside: Template | null;
};

const key = (userId: string, projectId: string) => `mailcraft.designDraft.${userId}.${projectId}`;

/**
 * The user's draft of a project's design, or null. A draft older than the saved design (saved
 * since, elsewhere) is dropped. Kept per user and project in localStorage, so it survives a
 * reload and a trip through sign-in.
 */
export function readDraft(userId: string, projectId: string, savedUpdatedAt: string | null): DesignDraft | null {
  try {
    const raw = localStorage.getItem(key(userId, projectId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as DesignDraft;
    if (!draft.inside || !draft.savedAt) return null;
    if (savedUpdatedAt && Date.parse(savedUpdatedAt) > Date.parse(draft.savedAt)) {
      clearDraft(userId, projectId);
      return null;
    }
    return draft;
  } catch {
    return null;
  }
}

/** Stores the draft; a full storage quota is ignored (the Save button still works). */
export function writeDraft(userId: string, projectId: string, draft: DesignDraft): void {
  try {
    localStorage.setItem(key(userId, projectId), JSON.stringify(draft));
  } catch {
    /* quota exceeded or storage disabled: autosave is a convenience */
  }
}

export function clearDraft(userId: string, projectId: string): void {
  localStorage.removeItem(key(userId, projectId));
}
