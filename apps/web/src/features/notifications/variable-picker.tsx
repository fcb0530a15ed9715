import { useMemo } from 'react';
import { NativeSelect } from '../../components/native-select';
import { useFeature } from '../subscriptions/use-feature';
import { notificationVariableGroups } from '@mailcraft/shared';

/**
 * `value` with the Liquid variable `{{ field }}` put in place of the selection [start, end) (the
 * cursor when they are equal; the end when unknown). Returns the new text and where the cursor
 * goes: right after the variable.
 */
export function insertVariable(value: string, field: string, start?: number | null, end?: number | null): { value: string; caret: number } {
  const token = `{{ ${field} }}`;
  const from = Math.min(start ?? value.length, value.length);
  const to = Math.max(from, Math.min(end ?? from, value.length));
  return { value: value.slice(0, from) + token + value.slice(to), caret: from + token.length };
}

/**
 * Puts `{{ field }}` at the cursor of `el` (an input or textarea holding `value`), passes the new
 * text to `set`, then gives the focus back with the cursor after the variable.
 */
export function insertIntoField(el: HTMLInputElement | HTMLTextAreaElement | null | undefined, value: string, field: string, set: (next: string) => void) {
  const next = insertVariable(value, field, el?.selectionStart, el?.selectionEnd);
  set(next.value);
  requestAnimationFrame(() => {
    el?.focus();
    el?.setSelectionRange(next.caret, next.caret);
  });
}

/**
 * The variable picker of the notification templates (docs/requirements/notifications.md#notification field lists): a
 * searchable dropdown of the record fields, custom, USPS, maps (`withMaps`; by default when the
 * plan has maps, docs/requirements/maps.md#maps: map_image, distance in metres, duration in seconds) and scan fields,
 * grouped; choosing one calls `onPick(field)` and the dropdown resets.
 */
export function VariablePicker({ onPick, withMaps, id, label = 'Insert variable' }: {
  onPick: (field: string) => void;
  withMaps?: boolean;
  id?: string;
  label?: string;
}) {
  const maps = useFeature('maps');
  const showMaps = withMaps ?? maps.allowed;
  const options = useMemo(() => notificationVariableGroups(showMaps).map((g) => ({
    label: g.group, options: g.fields.map((f) => ({ value: f, label: f })),
  })), [showMaps]);
  return (
    <NativeSelect<string> id={id} aria-label={label} placeholder={label} value={undefined} options={options} style={{ width: 220 }}
      onChange={(field) => field && onPick(field)} />
  );
}
