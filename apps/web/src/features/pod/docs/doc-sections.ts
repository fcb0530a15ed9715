import type { ApiOperation } from './operations';

/**
 * Which calls each section of the Documentation tab lists (docs/requirements/print-on-demand-api.md#screens "Documentation tab", §7
 * "Documented public API"), by path prefix after '/api' (a prefix matches itself and everything
 * below it: '/orders' matches '/api/orders' and '/api/orders/{id}'). The first matching row wins,
 * so the order tabs' rows come before the catch-all orders row (with the order webhooks). A call no row matches is listed
 * under 'Other calls'.
 */
export const SECTION_ROUTES = [
  { section: 'authentication', group: 'main', prefixes: ['/auth', '/health', '/debug'] },
  { section: 'projects', group: 'main', prefixes: ['/projects'] },
  { section: 'templates', group: 'main', prefixes: ['/templates'] },
  { section: 'mailing-lists', group: 'main', prefixes: ['/mailingLists', '/recipients', '/mappings'] },
  { section: 'addresses', group: 'main', prefixes: ['/addresses'] },
  { section: 'orders', group: 'mailing', prefixes: ['/orders/mailing'] },
  { section: 'orders', group: 'reinforcement', prefixes: ['/orders/reinforcement', '/reinforcements'] },
  { section: 'orders', group: 'main', prefixes: ['/orders', '/webhooks'] },
] as const;

/** A section that lists calls. */
export type CallSection = (typeof SECTION_ROUTES)[number]['section'] | 'other';
/** Within On-Demand Orders: the Mailing Orders tab, the Reinforcement Orders tab, or the calls of every order ('main'). */
export type CallGroup = (typeof SECTION_ROUTES)[number]['group'];

/** The path without its '/api' prefix: '/api/orders/{id}' → '/orders/{id}'. */
const barePath = (path: string) => path.replace(/^\/api(?=\/|$)/, '') || '/';

/** Where `path` is documented: its section and group ('other'/'main' when no row matches). */
export function sectionOf(path: string): { section: CallSection; group: CallGroup } {
  const bare = barePath(path);
  const row = SECTION_ROUTES.find((r) => r.prefixes.some((p) => bare === p || bare.startsWith(`${p}/`)));
  return row ? { section: row.section, group: row.group } : { section: 'other', group: 'main' };
}

/** `operations` sorted into their sections and groups (document order kept): `calls(section, group)`. */
export function groupOperations(operations: ApiOperation[]) {
  const groups = new Map<string, ApiOperation[]>();
  for (const op of operations) {
    const { section, group } = sectionOf(op.path);
    const key = `${section}/${group}`;
    groups.set(key, [...(groups.get(key) ?? []), op]);
  }
  return { calls: (section: CallSection, group: CallGroup = 'main'): ApiOperation[] => groups.get(`${section}/${group}`) ?? [] };
}

/** The calls of a section and group, as `groupOperations` sorts them. */
export type SectionCalls = ReturnType<typeof groupOperations>['calls'];
