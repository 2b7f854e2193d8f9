/**
 * Rewrites the pages' client-side routes to their HTML entry: /entrevue/… (the buyer's booking page,
 * its own entry, whatever its id holds) to /entrevue.html, any other path whose last segment has no
 * dot to /index.html (the staff SPA); a file path stays as it is. Runs on the default behaviour
 * only, never on /api/*. The local server runs this same function (infra/local/http-server.ts), so
 * both answer an address alike. Its own module: the local server need not load aws-cdk-lib.
 *
 * Why not custom error responses (403/404 -> /index.html, 200): they apply to the whole
 * distribution, API included, so a JSON 404 or 403 from the API (with its French message) would
 * reach the browser as index.html with status 200.
 */
export const spaFallbackCode = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/entrevue' || uri.indexOf('/entrevue/') === 0) {
    request.uri = '/entrevue.html';
  } else if (uri.substring(uri.lastIndexOf('/') + 1).indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

// The same code CloudFront runs, compiled once from our own constant.
const spaFallback = new Function(`${spaFallbackCode}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };

/** The function above, run by the local server: both answer an address alike. */
export function rewriteLikeCloudFront(uri: string): string {
  return spaFallback({ request: { uri } }).uri;
}
