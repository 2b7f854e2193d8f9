import { randomUUID } from 'node:crypto';
import { listRoutes, type ApiGroup, type LocalGroup } from '../../functions/api-routes';
import type { ApiEvent } from '../../functions/http/api-types';
import { inputMessages } from '../../shared/messages/input';
import { eventBodyBytes, gatewayAnswers, lambdaPayloadBytes } from './gateway-limits';
import { loadGroupHandler, type GroupHandler } from './group-handlers';

/** An HTTP request as the local server (or a test) received it. */
export interface LocalRequest {
  method: string;
  /** Path and query string, e.g. '/api/users/me?x=1'. */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  sourceIp?: string;
}

export interface LocalResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface CompiledRoute {
  group: ApiGroup | LocalGroup;
  method: string;
  path: string;
  pattern: RegExp;
}

function compile(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith('{') ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * Decodes a path segment by segment, as API Gateway matches routes: a segment whose percent-encoding
 * is malformed ('%E0%A4%A') is kept as sent instead of failing the whole request.
 */
export function decodePath(pathname: string): { path: string; malformed: boolean } {
  let malformed = false;
  const segments = pathname.split('/').map((segment) => {
    try {
      return decodeURI(segment);
    } catch {
      malformed = true;
      return segment;
    }
  });
  return { path: segments.join('/').replace(/\/+$/, '') || '/', malformed };
}

const textTypes = /^(application\/json|text\/|application\/x-www-form-urlencoded)/;

/**
 * Turns a plain HTTP request into the HTTP API (payload v2) event that API Gateway would send,
 * and calls the Lambda handler of the route's group: the local server and the integration tests
 * run the deployed handlers unchanged.
 */
export function createApiDispatcher(options: { includeLocalRoutes: boolean; handlerOf?: (group: ApiGroup | LocalGroup) => Promise<GroupHandler> }) {
  const handlerOf = options.handlerOf ?? loadGroupHandler;
  const routes: CompiledRoute[] = listRoutes(options.includeLocalRoutes).map((entry) => ({
    group: entry.group as ApiGroup | LocalGroup,
    method: entry.method,
    path: entry.path,
    pattern: compile(entry.path),
  }));

  // Routes by number of segments (a parameter is one segment), static paths first as in API
  // Gateway (/users/me before /users/{id}): a request tests only the routes of its length.
  const routesByLength = new Map<number, CompiledRoute[]>();
  for (const route of [...routes].sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')))) {
    const length = route.path.split('/').length;
    routesByLength.set(length, [...(routesByLength.get(length) ?? []), route]);
  }

  function match(method: string, path: string): CompiledRoute | undefined {
    const candidates = (routesByLength.get(path.split('/').length) ?? []).filter((candidate) => candidate.pattern.test(path));
    return candidates.find((candidate) => candidate.method === method) ?? (candidates.length > 0 ? { ...candidates[0], method: 'ANY' } : undefined);
  }

  /**
   * Loads the handler of the request's route, if any (a worker's cold start: Lambda's init phase,
   * which does not count against the function's timeout).
   */
  async function load(request: LocalRequest): Promise<void> {
    const route = match(request.method, decodePath(new URL(request.url, 'http://local').pathname).path);
    if (route && route.method !== 'ANY') await handlerOf(route.group);
  }

  return Object.assign(dispatch, { load });

  async function dispatch(request: LocalRequest): Promise<LocalResponse> {
    const url = new URL(request.url, 'http://local');
    const { path, malformed } = decodePath(url.pathname);
    const route = match(request.method, path);
    // A badly encoded address that names no route is a bad request; inside a route's {id} it
    // reaches the handler as is, whose id check answers that resource's 404.
    if (!route && malformed) return jsonResponse(400, { message: inputMessages.invalidAddress });
    if (!route) return jsonResponse(404, { message: "La ressource demandée n'existe pas." });
    if (route.method === 'ANY') return jsonResponse(405, { message: 'Méthode non autorisée.' });
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
    const body = request.body && request.body.length > 0 ? request.body : undefined;
    const isText = body !== undefined && textTypes.test(headers['content-type'] ?? '');
    // Lambda refuses an event above its payload limit; API Gateway answers 413 without calling it.
    if (body !== undefined && eventBodyBytes(body, isText) > lambdaPayloadBytes) return gatewayAnswers.tooLarge();
    const now = Date.now();
    const event: ApiEvent = {
      version: '2.0',
      routeKey: `${route.method} ${route.path}`,
      rawPath: path,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      queryStringParameters: url.searchParams.size > 0 ? Object.fromEntries(url.searchParams) : undefined,
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: { method: request.method, path, protocol: 'HTTP/1.1', sourceIp: request.sourceIp ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
        requestId: randomUUID(),
        routeKey: `${route.method} ${route.path}`,
        stage: '$default',
        time: new Date(now).toISOString(),
        timeEpoch: now,
      },
      body: body === undefined ? undefined : isText ? body.toString('utf8') : body.toString('base64'),
      isBase64Encoded: body !== undefined && !isText,
    };
    const handler = await handlerOf(route.group);
    const result = await handler(event, {} as never);
    // Lambda refuses to return a result above its payload limit: the function fails and API
    // Gateway answers its 500. Logged the way CloudWatch would show it, so that a test sees it.
    const resultBytes = Buffer.byteLength(JSON.stringify(result));
    if (resultBytes > lambdaPayloadBytes) {
      console.error(
        `API Gateway 500: the answer of ${route.method} ${route.path} is ${resultBytes} bytes, above Lambda's 6 MB response payload (Function.ResponseSizeTooLarge)`,
      );
      return gatewayAnswers.internalError();
    }
    const responseHeaders = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]));
    const responseBody = result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
    return { status: result.statusCode ?? 200, headers: responseHeaders, body: responseBody };
  }
}

function jsonResponse(status: number, body: unknown): LocalResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify(body)) };
}
