import { useCallback, useRef, useState } from 'react';
import type { TProject, TProjectDesign, TReinforcementDesign } from '@mailcraft/shared';
import { onProjectPage, type ReinforcementSide, type Side } from './design-template';
import { changedSides, partFingerprints, withReinforcement, type DesignParts, type PartFingerprints } from './design-parts';
import { clearDraft, draftOf, latestSave, partsFromDraft, readDraft, writeDraft } from './design-draft';
import { noReinforcements, reinforcementsFromServer } from './reinforcement-tabs';

type Input = {
  userId: string;
  project: TProject;
  design: TProjectDesign;
  /** The saved reinforcements, or null when they could not be loaded (their tabs are then unavailable). */
  reinforcements: readonly TReinforcementDesign[] | null;
};

/**
 * The content the Designer edits (`DesignParts`: inside, outside, R1–R3) and its saved state,
 * without pdfme: opens the saved design and reinforcements, or the user's draft over them
 * (`readDraft`, dropped when anything was saved since); `update` stores a change, recomputes the
 * unsaved state and keeps the draft (cleared when nothing differs from the server); `markSaved`
 * records the pages a save stored as sent; `drop` empties a removed reinforcement's slot (saved
 * and edited); `discard` returns to what the server holds. `parts` is a ref the workspace reads
 * and pdfme's callbacks write, `saved` the fingerprints of what the server holds; `dirty`,
 * `restoredAt` and a re-render follow each call.
 */
export function useDesignParts({ userId, project, design, reinforcements }: Input) {
  const double = project.sides === 'double';
  // Read once, like the rest of the opening state: a later refetch does not change what is edited.
  const [withReinforcements] = useState(reinforcements !== null);
  const [draft] = useState(() =>
    readDraft(userId, project.id, latestSave([design.updated_at, ...(reinforcements ?? []).map((r) => r.updated_at)])));
  const [opened] = useState(() => {
    const saved: DesignParts = {
      inside: onProjectPage(design.template_data_inside, project.paper_size),
      outside: double ? onProjectPage(design.template_data_outside, project.paper_size) : null,
      ...(reinforcements ? reinforcementsFromServer(reinforcements, project.paper_size) : noReinforcements()),
    };
    const parts = draft ? partsFromDraft(draft, saved, { double, paperSize: project.paper_size, withReinforcements }) : saved;
    return { saved, parts };
  });
  const parts = useRef<DesignParts>(opened.parts);
  const savedParts = useRef<DesignParts>(opened.saved);
  const saved = useRef<PartFingerprints>(partFingerprints(opened.saved));
  const [dirty, setDirty] = useState(() => changedSides(opened.parts, saved.current).length > 0);
  const [restoredAt, setRestoredAt] = useState<string | null>(draft?.savedAt ?? null);
  const [version, setVersion] = useState(0);
  // Reinforcements that could not be loaded were not edited: an earlier draft's stay as they were.
  const [keptReinforcements] = useState(() => (withReinforcements ? undefined : draft?.reinforcements));

  const track = useCallback((next: DesignParts) => {
    parts.current = next;
    const isDirty = changedSides(next, saved.current).length > 0;
    setDirty(isDirty);
    setVersion((v) => v + 1);
    if (isDirty || keptReinforcements) {
      writeDraft(userId, project.id, draftOf(next, design.updated_at, new Date().toISOString(), keptReinforcements));
    } else clearDraft(userId, project.id);
    return isDirty;
  }, [userId, project.id, design.updated_at, keptReinforcements]);

  /** Stores a change of the parts (a template, a reinforcement's name or type, an added reinforcement). */
  const update = useCallback((next: DesignParts) => void track(next), [track]);

  /** After a save: `sides` are stored on the server as in `sent`. Clears the restored-draft note when nothing is left unsaved. */
  const markSaved = useCallback((sides: readonly Side[], sent: DesignParts) => {
    const sentPrints = partFingerprints(sent);
    const base = { ...savedParts.current };
    for (const side of sides) {
      saved.current[side] = sentPrints[side];
      (base as Record<Side, unknown>)[side] = sent[side];
    }
    savedParts.current = base;
    if (!track(parts.current)) setRestoredAt(null);
  }, [track]);

  /** A removed reinforcement: its slot is empty on the server and in the Designer. */
  const drop = useCallback((side: ReinforcementSide) => {
    savedParts.current = withReinforcement(savedParts.current, side, null);
    saved.current[side] = partFingerprints(savedParts.current)[side];
    track(withReinforcement(parts.current, side, null));
  }, [track]);

  /** Back to what the server holds; the draft is forgotten. */
  const discard = useCallback(() => {
    setRestoredAt(null);
    track(savedParts.current);
    clearDraft(userId, project.id);
  }, [track, userId, project.id]);

  return {
    parts, saved, dirty, restoredAt, version, withReinforcements,
    update, markSaved, drop, discard, dismissRestored: () => setRestoredAt(null),
    /** Whether the server holds the reinforcement of `side`. */
    isStored: (side: ReinforcementSide) => !!savedParts.current[side],
  };
}
