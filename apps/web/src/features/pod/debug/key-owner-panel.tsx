import type { KeyOwner } from './key-owner';

/** What GET /debug/user answered (docs/requirements/print-on-demand-api.md#screens 'Auth status user'): the key owner's id, admin or not, and the key. */
export function KeyOwnerPanel({ owner }: { owner: KeyOwner }) {
  const admin = owner.isAdmin === null ? 'not reported' : owner.isAdmin ? 'yes' : 'no';
  return (
    <section className="pod-debug-owner" aria-label="Key owner">
      <dl>
        <dt>User id</dt><dd><code>{owner.userId}</code></dd>
        <dt>Admin (is_admin)</dt><dd>{admin}</dd>
        {owner.keyId && <><dt>Key id</dt><dd><code>{owner.keyId}</code></dd></>}
        {owner.mode && <><dt>Mode</dt><dd>{owner.mode}</dd></>}
        {owner.scopes.length > 0 && <><dt>Scopes</dt><dd>{owner.scopes.join(', ')}</dd></>}
      </dl>
    </section>
  );
}
