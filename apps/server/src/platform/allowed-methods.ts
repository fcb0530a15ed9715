import type { RouteEntry } from '../app.js';

/** A route's URL pattern as a regular expression: '/api/orders/:id' matches '/api/orders/3f6c…'; '/x/:side.png' matches '/x/inside.png'. */
function patternOf(url: string): RegExp {
  const source = url.split(/(:\w+|\*)/).map((part) => {
    if (part === '*') return '.*';
    if (part.startsWith(':')) return '[^/]+?';
    return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }).join('');
  return new RegExp(`^${source}$`);
}

/**
 * The methods a listener's routes take at `path` (a request path, its query ignored), sorted, e.g.
 * ['GET', 'HEAD'] — for the `Allow` header of a 405 (RFC 9110 §15.5.6). OPTIONS is left out: the
 * CORS preflight answers it on every path. Empty when no route has the path.
 */
export function allowedMethods(routes: readonly RouteEntry[], path: string): string[] {
  const bare = path.split('?')[0];
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === 'OPTIONS' || methods.has(route.method)) continue;
    if (patternOf(route.url).test(bare)) methods.add(route.method);
  }
  return [...methods].sort();
}
