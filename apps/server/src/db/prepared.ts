import type { Db } from './client.js';

/**
 * A statement prepared once per database (`build` gets the Drizzle database and calls
 * `.prepare(name)`): on PostgreSQL a named statement planned once per connection, not on every
 * call. For the statements every request runs (the public API's key, plan and rate window).
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let p = byDb.get(db);
    if (!p) byDb.set(db, (p = build(db)));
    return p;
  };
}
