import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { forgetKept, useKeptState } from './kept-state';

describe('useKeptState (docs/requirements/notifications.md#notifications: edits survive sign-in)', () => {
  it('keeps edits in this tab for the next mount, until forgotten', () => {
    const first = renderHook(() => useKeptState('form.a.name', 'default'));
    act(() => first.result.current[1]('edited'));
    first.unmount();
    expect(renderHook(() => useKeptState('form.a.name', 'default')).result.current[0]).toBe('edited');
    forgetKept('form.a.');
    expect(renderHook(() => useKeptState('form.a.name', 'default')).result.current[0]).toBe('default');
  });
});
