import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { KEEP_ALIVE_MS, NOTIFICATION_MESSAGES, SESSION_CHECK_HEADER, SESSION_WARNING, type TAuthStatus } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { authKeys, redirectToLogin } from './auth-api';
import './session-watch.css';

/** A session check (docs/requirements/account-and-settings.md#session-check): the marker header and no cache; the server does not extend the session for it. */
const checkSession = () =>
  api<TAuthStatus>('/api/auth/status', { headers: { [SESSION_CHECK_HEADER]: '1', 'cache-control': 'no-cache', pragma: 'no-cache' } });

/** 'm:ss' of a number of seconds (docs/requirements/maps.md#screens: the countdown as minutes:seconds). */
export const formatCountdown = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Seconds the warning counts down from, or null when no warning is due: 300 s when the check
 * reports the user signed out, the time left when the session ends within 300 s (docs/requirements/notifications.md#rules).
 */
export function warningSeconds(status: TAuthStatus, now = Date.now()): number | null {
  if (!status.authenticated) return SESSION_WARNING.countdownSeconds;
  if (!status.expires_at) return null;
  const left = Math.floor((Date.parse(status.expires_at) - now) / 1000);
  return left <= SESSION_WARNING.countdownSeconds ? Math.max(left, 0) : null;
}

/**
 * The session-expiry warning of signed-in pages (docs/requirements/account-and-settings.md#session-expiry-modal-expiry modal, §4 Session,
 * §9): checks the session every 60 s; when it ends within 5 minutes or has ended (signed out
 * elsewhere, expired, ended by the server), the modal 'Your session is about to expire' counts
 * down m:ss with Reload Page and Continue Session. Continue renews the session (a status call
 * without the check marker) or, when it has already ended, goes through sign-in back to this page;
 * drafts kept in the browser (designer) are there on return. At zero the page reloads. A separate
 * silent check every 5 minutes — also docs/requirements/workflow.md#workflow-order's keep-alive, so an open tab stays signed in —
 * only logs a failure.
 */
export function SessionWatch() {
  const client = useQueryClient();
  const { pathname, search } = useLocation();
  const [left, setLeft] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const open = left !== null;
  const continueRef = useRef<HTMLButtonElement>(null);

  const poll = useCallback(async () => {
    try {
      const seconds = warningSeconds(await checkSession());
      if (seconds !== null) setLeft((current) => current ?? seconds);
    } catch {
      /* the server is unreachable: the silent check logs it; the warning waits for an answer */
    }
  }, []);

  useEffect(() => {
    const every = setInterval(poll, SESSION_WARNING.pollSeconds * 1000);
    // The keep-alive of docs/requirements/workflow.md#workflow-order and the silent check of docs/requirements/notifications.md#rules are one call: it renews
    // the session of an open tab and only logs a failure.
    const silent = setInterval(() => {
      api('/api/auth/status', { headers: { 'cache-control': 'no-cache' } }).catch((err: unknown) => console.warn('Session keep-alive failed', err));
    }, KEEP_ALIVE_MS);
    return () => {
      clearInterval(every);
      clearInterval(silent);
    };
  }, [poll]);

  useEffect(() => {
    if (!open) return;
    continueRef.current?.focus();
    const tick = setInterval(() => setLeft((s) => (s === null ? null : Math.max(s - 1, 0))), 1000);
    return () => clearInterval(tick);
  }, [open]);

  useEffect(() => {
    if (left === 0) window.location.reload();
  }, [left]);

  const renew = async () => {
    setBusy(true);
    try {
      const status = await api<TAuthStatus>('/api/auth/status', { headers: { 'cache-control': 'no-cache' } });
      if (!status.authenticated) {
        redirectToLogin(pathname + search);
        return;
      }
      client.setQueryData(authKeys.status, status);
      setLeft(null);
    } catch {
      redirectToLogin(pathname + search);
    } finally {
      setBusy(false);
    }
  };

  if (!open) return null;
  return (
    <div className="session-watch-backdrop">
      <div className="session-watch" role="alertdialog" aria-modal="true" aria-labelledby="session-watch-title" aria-describedby="session-watch-time">
        <h2 id="session-watch-title">{NOTIFICATION_MESSAGES.sessionTitle}</h2>
        <p>Your work in the designer is kept in this browser. Continue to stay signed in.</p>
        <p id="session-watch-time" className="session-watch-countdown" aria-live="polite">{formatCountdown(left)}</p>
        <div className="session-watch-actions">
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
          <Button ref={continueRef} type="primary" loading={busy} onClick={renew}>Continue Session</Button>
        </div>
      </div>
    </div>
  );
}
