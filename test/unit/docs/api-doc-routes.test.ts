import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { listRoutes } from '../../../functions/api-routes';

/**
 * docs/api.md is checked against the route table the stack and the local server are built from
 * (functions/api-routes.ts): every route is documented, and every route the page names exists.
 * A route is named in a code span: `GET /api/rdv/{id}`, `GET/PATCH /api/programs/{id}` (several
 * methods), with an optional query or `[?force=true]` after the path. Parameter names may differ
 * ({id} or {planningId}): the path's shape is the route.
 */
const methods = 'GET|POST|PUT|PATCH|DELETE';
const routeSpan = new RegExp(`^((?:${methods})(?:/(?:${methods}))*) (/api/[^\\s?\\[\`]*)`);

const shape = (method: string, path: string) => `${method} ${path.replace(/\{[^}]+\}/g, '{}')}`;

export function documentedRoutes(markdown: string): Set<string> {
  const routes = new Set<string>();
  for (const [, span] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const match = routeSpan.exec(span);
    if (!match) continue;
    for (const method of match[1].split('/')) routes.add(shape(method, match[2]));
  }
  return routes;
}

const apiDoc = readFileSync(resolve(__dirname, '../../../docs/api.md'), 'utf8');
const routes = new Set(listRoutes(true).map((route) => shape(route.method, route.path)));

it('docs/api.md documents every route of functions/api-routes.ts', () => {
  const documented = documentedRoutes(apiDoc);
  expect([...routes].filter((route) => !documented.has(route))).toEqual([]);
});

it('docs/api.md names no route that functions/api-routes.ts does not serve', () => {
  expect([...documentedRoutes(apiDoc)].filter((route) => !routes.has(route))).toEqual([]);
});

it('a route is read from a code span with its methods, without its query', () => {
  expect([
    ...documentedRoutes(
      '`GET/PATCH /api/programs/{id}/clients/{clientId}` and `DELETE /api/rdv/{id}[?force=true]`, `GET /api/admin/users?page&limit`, not GET /api/x',
    ),
  ]).toEqual(['GET /api/programs/{}/clients/{}', 'PATCH /api/programs/{}/clients/{}', 'DELETE /api/rdv/{}', 'GET /api/admin/users']);
});
