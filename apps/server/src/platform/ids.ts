const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a canonical UUID. Repositories answer "not found" for anything else instead of
 * letting PostgreSQL reject the cast (a malformed id is as absent as another user's id: 404).
 */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
