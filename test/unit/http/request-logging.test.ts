import type { Context } from 'aws-lambda';
import { messages } from '../../../shared/messages/common';
import type { ApiEvent, ApiResult } from '../../../functions/http/api-types';
import { defineRoutes } from '../../../functions/http/define-routes';
import { originHeader } from '../../../functions/http/origin-guard';
import { correlationHeader, correlationIdOf } from '../../../functions/http/request-logging';
import { json } from '../../../functions/http/responses';

const buyerUuid = '3f2c9a0e-1b7d-4c2e-9f10-8a6b5c4d3e2f';
const buyerRoute = 'GET /api/rdv/usr/{uuid}';

function buyerPageEvent(requestId: string, headers: Record<string, string> = {}): ApiEvent {
  const rawPath = `/api/rdv/usr/${buyerUuid}`;
  return {
    version: '2.0',
    routeKey: buyerRoute,
    rawPath,
    rawQueryString: '',
    headers,
    pathParameters: { uuid: buyerUuid },
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'example.cloudfront.net',
      domainPrefix: 'example',
      http: { method: 'GET', path: rawPath, protocol: 'HTTP/1.1', sourceIp: '192.0.2.1', userAgent: 'jest' },
      requestId,
      routeKey: buyerRoute,
      stage: '$default',
      time: '24/Nov/2026:02:00:00 +0000',
      timeEpoch: 1_795_485_600_000,
    },
    isBase64Encoded: false,
  };
}

const lambdaContext = {
  functionName: 'Livrea-dev-BookingFunction',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-3:123456789012:function:Livrea-dev-BookingFunction',
  memoryLimitInMB: '512',
  awsRequestId: 'lambda-request-1',
  logGroupName: '/aws/lambda/booking',
  logStreamName: 'stream',
  callbackWaitsForEmptyEventLoop: true,
  getRemainingTimeInMillis: () => 29_000,
} as unknown as Context;

/** Everything the process writes while `run` runs (Powertools writes JSON lines to stdout/stderr). */
async function captureOutput<T>(run: () => Promise<T>): Promise<{ result: T; output: string }> {
  const chunks: string[] = [];
  const keep = (chunk: unknown) => {
    chunks.push(String(chunk));
    return true;
  };
  const spies = [
    jest.spyOn(process.stdout, 'write').mockImplementation(keep),
    jest.spyOn(process.stderr, 'write').mockImplementation(keep),
    ...(['log', 'info', 'warn', 'error'] as const).map((level) =>
      jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void keep(args.join(' '))),
    ),
  ];
  try {
    const result = await run();
    return { result, output: chunks.join('') };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

// The booking group's handler, reduced to the buyer page route (the others are not called here).
function bookingHandler(page: (event: ApiEvent) => Promise<ApiResult>) {
  return defineRoutes('booking', { [buyerRoute]: page } as never) as unknown as (event: ApiEvent, context: Context) => Promise<ApiResult>;
}

describe('request logging', () => {
  it("logs: an unhandled error is logged with the route template, the Lambda context and the correlation id, never the buyer's uuid", async () => {
    const handler = bookingHandler(async () => {
      throw new Error('the table did not answer');
    });
    const { result, output } = await captureOutput(() =>
      handler(buyerPageEvent('apigw-request-1', { [correlationHeader]: 'support-ticket-4242' }), lambdaContext),
    );

    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!)).toEqual({ message: messages.serverError });
    expect(output).toContain('unhandled error');
    const line = JSON.parse(output.split('\n').find((l) => l.includes('unhandled error'))!);
    expect(line).toMatchObject({
      level: 'ERROR',
      route: buyerRoute,
      correlation_id: 'support-ticket-4242',
      function_request_id: 'lambda-request-1',
      function_name: 'Livrea-dev-BookingFunction',
    });
    expect(output).not.toContain(buyerUuid);
  });

  it('logs: the correlation id is echoed in the x-correlation-id response header, on success and on error', async () => {
    const ok = bookingHandler(async () => json(200, { ok: true }));
    const success = await ok(buyerPageEvent('apigw-request-2', { [correlationHeader]: 'client-supplied-id-1' }), lambdaContext);
    expect(success.statusCode).toBe(200);
    expect(success.headers?.[correlationHeader]).toBe('client-supplied-id-1');

    const failing = bookingHandler(async () => {
      throw new Error('boom');
    });
    const { result } = await captureOutput(() => failing(buyerPageEvent('apigw-request-3'), lambdaContext));
    expect(result.statusCode).toBe(500);
    expect(result.headers?.[correlationHeader]).toBe('apigw-request-3');
  });

  it('logs: without a usable x-correlation-id the request id is the correlation id, and no request inherits the previous one', async () => {
    const handler = bookingHandler(async () => {
      throw new Error('boom');
    });
    await captureOutput(() => handler(buyerPageEvent('apigw-request-4', { [correlationHeader]: 'first-request-id' }), lambdaContext));
    const { result, output } = await captureOutput(() => handler(buyerPageEvent('apigw-request-5'), lambdaContext));
    expect(result.headers?.[correlationHeader]).toBe('apigw-request-5');
    expect(output).toContain('"correlation_id":"apigw-request-5"');
    expect(output).not.toContain('first-request-id');
  });

  it('logs: a header that could forge a log line or a header is not taken as the correlation id', () => {
    expect(correlationIdOf(buyerPageEvent('apigw-request-6', { [correlationHeader]: 'abc\ninjected' }))).toBe('apigw-request-6');
    expect(correlationIdOf(buyerPageEvent('apigw-request-7', { [correlationHeader]: 'x'.repeat(200) }))).toBe('apigw-request-7');
    expect(correlationIdOf(buyerPageEvent('apigw-request-8', { [correlationHeader]: 'short' }))).toBe('apigw-request-8');
  });
});

describe('origin guard (the execute-api endpoint answers only CloudFront)', () => {
  const secret = 'origin-secret-for-tests-0123456789';
  let handler: (event: ApiEvent, context: Context) => Promise<ApiResult>;
  beforeAll(() => {
    process.env.ORIGIN_VERIFY_SECRET = secret;
    handler = bookingHandler(async () => json(200, { ok: true }));
    delete process.env.ORIGIN_VERIFY_SECRET;
  });

  it('origin: a request without the origin secret (straight to execute-api) is refused with the French 403 before the route runs', async () => {
    const missing = await handler(buyerPageEvent('apigw-request-9'), lambdaContext);
    expect(missing.statusCode).toBe(403);
    expect(JSON.parse(missing.body!)).toEqual({ message: messages.forbidden });
    expect(missing.headers?.[correlationHeader]).toBe('apigw-request-9');
    const wrong = await handler(buyerPageEvent('apigw-request-10', { [originHeader]: `${secret}x` }), lambdaContext);
    expect(wrong.statusCode).toBe(403);
  });

  it('origin: a request through CloudFront (with the secret header) reaches the route', async () => {
    const result = await handler(buyerPageEvent('apigw-request-11', { [originHeader]: secret }), lambdaContext);
    expect(result.statusCode).toBe(200);
  });

  it('origin: in AWS a function without the secret refuses to start rather than run unguarded', () => {
    const runtime = process.env.LIVREA_RUNTIME;
    process.env.LIVREA_RUNTIME = 'aws';
    try {
      expect(() => bookingHandler(async () => json(200, {}))).toThrow('Missing environment variable ORIGIN_VERIFY_SECRET');
    } finally {
      if (runtime === undefined) delete process.env.LIVREA_RUNTIME;
      else process.env.LIVREA_RUNTIME = runtime;
    }
  });
});
