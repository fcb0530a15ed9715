import { useCallback } from 'react';
import { Alert } from 'antd';
import { SUCCESS_MESSAGE_MS } from '@mailcraft/shared';
import { useFlashMessage } from '../permits/use-flash-message';

/** The spec's colour rule (docs/requirements/notifications.md#rules): a message containing 'success' is good news (green), any other is red. */
export const isSuccessText = (text: string) => /success/i.test(text);

/** The latest result of a panel: its text and whether it shows green. */
export type ResultText = { text: string; ok: boolean };

/**
 * The message line of a panel (docs/requirements/notifications.md#rules): `show(text)` replaces the latest result; green
 * when the text contains 'success' (pass `ok` to override, e.g. 'Secret key copied to
 * clipboard'). Every message clears itself after SUCCESS_MESSAGE_MS (3 s, docs/requirements/notifications.md#notifications), or is
 * replaced by the next result.
 */
export function useResultMessage(ms = SUCCESS_MESSAGE_MS) {
  const flash = useFlashMessage<ResultText>(ms);
  const { show: flashShow } = flash;
  const show = useCallback((text: string, ok: boolean = isSuccessText(text)) => flashShow({ text, ok }), [flashShow]);
  return { result: flash.text, show, clear: flash.clear };
}

/** The message line: an antd success Alert (green, role status) or error Alert (red, role alert); nothing without a result. */
export function ResultMessage({ result }: { result: ResultText | null }) {
  if (!result) return null;
  return (
    <Alert className="notification-message" type={result.ok ? 'success' : 'error'} showIcon role={result.ok ? 'status' : 'alert'}
      data-tone={result.ok ? 'success' : 'error'} title={result.text} />
  );
}
