import type { z } from 'zod';
import { inputBounds } from '../../shared/domain/input-bounds';
import { inputMessages } from '../../shared/messages/input';
import type { Role } from '../../shared/domain/roles';
import { messages } from '../../shared/messages/common';
import { answerMessage } from '../../shared/i18n/zod-french';
import { auditActionLabel } from '../core/audit/audit-actions';
import { recordImpersonatedCall } from '../core/audit/audit-log';
import { AppError, ForbiddenError, NotFoundError, PayloadTooLargeError, ValidationError } from '../core/errors';
import { getDeps, type Deps } from '../runtime/deps';
import type { ApiEvent, ApiResult } from './api-types';
import type { Caller } from '../core/caller';
import { authenticate, bearerToken } from './authenticate';
import { clientAddress } from './client-address';
import { json } from './responses';

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

/**
 * Who may call: 'public' (no token looked at), 'optional' (caller if a valid token is sent),
 * 'signedIn' (any role) or a list of roles.
 */
export type Access = 'public' | 'optional' | 'signedIn' | readonly Role[];

export interface RouteSpec<B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined> {
  access: Access;
  /** The 403 message when the caller's role is not in `access` (default: the generic one). */
  forbidden?: string | ((caller: Caller) => string);
  body?: B;
  query?: Q;
  params?: P;
}

export interface RouteInput<B, Q, P, C> {
  body: B;
  query: Q;
  params: P;
  caller: C;
  deps: Deps;
  event: ApiEvent;
  /** The visitor's address: the gateway's sourceIp, or CloudFront's viewer address (client-address.ts). */
  sourceIp: string;
}

type CallerFor<A extends Access> = A extends 'public' ? null : A extends 'optional' ? Caller | null : Caller;

/** Each refusal with its path, its message naming the field in French (shared/i18n/zod-french.ts). */
export function fieldErrors(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: answerMessage(issue.path, issue.message) }));
}

function parse<S extends Schema | undefined>(schema: S, value: unknown): Infer<S> {
  if (!schema) return undefined as Infer<S>;
  const result = schema.safeParse(value);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new ValidationError(errors[0]?.message ?? messages.formInvalid, errors);
  }
  return result.data as Infer<S>;
}

/**
 * Path parameters are ids: one that does not even have an id's shape names nothing, so it is the
 * not-found answer of that resource (the schema's message, e.g. 'Rendez-vous non trouvé'), not a
 * form error.
 */
function parseParams<S extends Schema | undefined>(schema: S, value: unknown): Infer<S> {
  try {
    return parse(schema, value);
  } catch (error) {
    if (error instanceof ValidationError) throw new NotFoundError(error.message, { cause: error });
    throw error;
  }
}

function jsonBody(event: ApiEvent): unknown {
  if (!event.body) return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  // A JSON body has a bound of its own, well below the platform's 10 MB: see docs/api.md.
  if (raw.length > inputBounds.jsonBodyBytes) throw new PayloadTooLargeError(inputMessages.bodyTooLarge);
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ValidationError(inputMessages.invalidJson, [{ path: '', message: inputMessages.invalidJson }]);
  }
}

/** A JSON body checked by a schema, for routes that take either JSON or a multipart file. */
export function parseJsonBody<S extends Schema>(schema: S, event: ApiEvent): z.infer<S> {
  return parse(schema, jsonBody(event)) as z.infer<S>;
}

async function resolveCaller(
  access: Access,
  deps: Deps,
  event: ApiEvent,
  forbidden: RouteSpec<undefined, undefined, undefined>['forbidden'],
): Promise<Caller | null> {
  if (access === 'public') return null;
  if (access === 'optional') return bearerToken(event) ? authenticate(deps, event) : null;
  const caller = await authenticate(deps, event);
  if (access !== 'signedIn' && !access.includes(caller.role)) {
    throw new ForbiddenError((typeof forbidden === 'function' ? forbidden(caller) : forbidden) ?? messages.forbidden);
  }
  return caller;
}

/**
 * One route: authenticate, validate body/query/path with zod, run the use case, and send its
 * value as JSON (or the ApiResult it returns as is). Errors go to the group's error middleware.
 */
export function route<
  A extends Access,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  spec: RouteSpec<B, Q, P> & { access: A },
  run: (input: RouteInput<Infer<B>, Infer<Q>, Infer<P>, CallerFor<A>>) => Promise<unknown>,
  successStatus = 200,
): (event: ApiEvent) => Promise<ApiResult> {
  return async (event) => {
    const deps = getDeps();
    const caller = (await resolveCaller(spec.access, deps, event, spec.forbidden)) as CallerFor<A>;
    const params = parseParams(spec.params as P, event.pathParameters ?? {});
    const body = parse(spec.body as B, spec.body ? jsonBody(event) : undefined);
    const query = parse(spec.query as Q, event.queryStringParameters ?? {});
    const input = { body, query, params, caller, deps, event, sourceIp: clientAddress(event) };
    const result = caller?.impersonatorId && isWrite(event) ? await audited(deps, caller, event, () => run(input), successStatus) : await run(input);
    if (isApiResult(result)) return result;
    return json(successStatus, result);
  };
}

// part 3: impersonation. Every write made while an administrator acts as a user is recorded
// with both identities, whether it succeeds or not (the audit log administrators read).
function isWrite(event: ApiEvent): boolean {
  return event.requestContext?.http?.method !== 'GET';
}

async function audited(deps: Deps, caller: Caller, event: ApiEvent, run: () => Promise<unknown>, successStatus: number): Promise<unknown> {
  // The route template names the action (its French label), not the concrete path with its ids.
  const action = auditActionLabel(event.routeKey ?? `${event.requestContext?.http?.method ?? ''} ${event.rawPath ?? ''}`.trim());
  const record = (status: number) => recordImpersonatedCall(deps, { administratorId: caller.impersonatorId!, userId: caller.userId, action, status });
  try {
    const result = await run();
    await record(isApiResult(result) ? (result.statusCode ?? successStatus) : successStatus);
    return result;
  } catch (error) {
    await record(error instanceof AppError ? error.status : 500);
    throw error;
  }
}

function isApiResult(value: unknown): value is ApiResult {
  return typeof value === 'object' && value !== null && 'statusCode' in value && typeof (value as { statusCode: unknown }).statusCode === 'number';
}
