import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { useKeyChoice } from '../key-picker';
import { isUnauthorized, orderKeys } from './order-data';

/**
 * Forgets the chosen key's secret when the API refuses it (401) — on any order entry query of that
 * key, or when `refused()` is called (an order POST answered 401) — so the picker asks for the key
 * again. `wasRefused` is true from then until a secret is known again.
 */
export function useRefusedKey(state: ReturnType<typeof useKeyChoice>) {
  const client = useQueryClient();
  const forget = useRef(state.forget);
  useEffect(() => {
    forget.current = state.forget;
  });
  const [refusedId, setRefusedId] = useState<string | null>(null);
  const keyId = state.choice.id;
  useEffect(() => {
    if (!keyId) return;
    const mine = orderKeys.projects(keyId).slice(0, 3);
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error' || !isUnauthorized(event.action.error)) return;
      if (!mine.every((part, i) => event.query.queryKey[i] === part)) return;
      setRefusedId(keyId);
      forget.current();
    });
  }, [client, keyId]);
  return {
    wasRefused: !!keyId && refusedId === keyId && !state.choice.secret,
    refused: () => {
      setRefusedId(keyId);
      forget.current();
    },
  };
}
