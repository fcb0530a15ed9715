/**
 * The full secrets of the user's API keys that this browser tab has seen (docs/requirements/print-on-demand-api.md#print-on-demand-api). The server
 * stores keys hashed and shows a secret once, when it is created or regenerated, so the tabs that
 * call the API with a key (Order Entry, Test API, API Debug) can only use a secret this tab has
 * seen: the one just created here, or one the user pastes. Kept in sessionStorage — gone when the
 * tab closes, never sent anywhere but in the X-API-Key header of the user's own calls.
 */
const storageKey = (keyId: string) => `mc.pod.secret.${keyId}`;

/** Remembers `secret` for the key `keyId` in this tab. */
export function rememberKeySecret(keyId: string, secret: string): void {
  try {
    sessionStorage.setItem(storageKey(keyId), secret);
  } catch {
    // Storage refused (private mode, quota): the user pastes the key again when asked.
  }
}

/** The secret of `keyId` this tab has seen, or null. */
export function keySecret(keyId: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(keyId));
  } catch {
    return null;
  }
}

/** Forgets the secret of `keyId` (the key was deleted or regenerated elsewhere, or the server refused it). */
export function forgetKeySecret(keyId: string): void {
  try {
    sessionStorage.removeItem(storageKey(keyId));
  } catch {
    // Nothing stored.
  }
}
