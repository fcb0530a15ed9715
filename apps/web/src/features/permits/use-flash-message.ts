import { useCallback, useEffect, useRef, useState } from 'react';
import { SUCCESS_MESSAGE_MS } from '@mailcraft/shared';

/**
 * A success message that clears itself after SUCCESS_MESSAGE_MS (3 s, spec 000 §4, §9).
 * Returns the current message, `show(text)` and `clear()`.
 */
export function useFlashMessage(ms = SUCCESS_MESSAGE_MS) {
  const [text, setText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setText(null);
  }, []);
  const show = useCallback(
    (next: string) => {
      clearTimeout(timer.current);
      setText(next);
      timer.current = setTimeout(() => setText(null), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { text, show, clear };
}
