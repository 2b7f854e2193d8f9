import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { listRoutes } from '../../functions/api-routes';

/**
 * Every route has an integration test: some file of test/integration calls it
 * with `call('METHOD', '/api/…')` (path parameters written any way). The isolation matrices list
 * routes by name and do not count: they prove who is refused, not what the route does.
 */
function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? testFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** `call('GET', `/api/rdv/${id}/ics`…`: the method, then the path with anything but a slash or quote in place of each {param}. */
export function callPattern(method: string, path: string): RegExp {
  const segments = path.split(/\{[^}]+\}/).map(escape);
  return new RegExp(`['"\`]${method}['"\`],\\s*['"\`]${segments.join('[^\'"`/]+')}['"\`?]`);
}

it('route coverage: every route of functions/api-routes.ts is called by some integration test', () => {
  const sources = testFiles(__dirname)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const untested = listRoutes(true)
    .filter((route) => !callPattern(route.method, route.path).test(sources))
    .map((route) => `${route.method} ${route.path}`);
  expect(untested).toEqual([]);
});

it('route coverage: the pattern tells a route from its longer neighbours', () => {
  const pattern = callPattern('GET', '/api/rdv/usr/{uuid}');
  expect(pattern.test("call('GET', `/api/rdv/usr/${meeting.uuid}`)")).toBe(true);
  expect(pattern.test("call('GET', `/api/rdv/usr/${meeting.uuid}/ics`)")).toBe(false);
  expect(pattern.test("call('PATCH', `/api/rdv/usr/${meeting.uuid}`)")).toBe(false);
  expect(callPattern('DELETE', '/api/rdv/{id}').test("call('DELETE', `/api/rdv/${planning._id}?force=true`)")).toBe(true);
});
