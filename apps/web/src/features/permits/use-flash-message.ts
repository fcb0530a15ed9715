import { useCallback, useEffect, useRef, useState } from 'react';
import { SUCCESS_MESSAGE_MS } from '@mailcraft/shared';

/**
 * A message that clears itself after SUCCESS_MESSAGE_MS (3 s, docs/requirements/workflow.md#workflow-order): a text, or any
 * value `T` (the notification screens keep the text with its colour). Returns the current
 * message, `show(message)` and `clear()`.
 */
export function useFlashMessage<T = string>(ms = SUCCESS_MESSAGE_MS) {
  const [text, setText] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setText(null);
  }, []);
  const show = useCallback(
    (next: T) => {
      clearTimeout(timer.current);
      setText(next);
      timer.current = setTimeout(() => setText(null), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { text, show, clear };
}
