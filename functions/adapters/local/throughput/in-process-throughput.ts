import { Readable } from 'node:stream';
import { HttpRequest, HttpResponse } from '@smithy/core/protocols';
import { NodeHttpHandler, streamCollector } from '@smithy/node-http-handler';
import type { HttpHandlerOptions } from '@smithy/types';
import { throttledAnswer, ThroughputModel } from './throughput-model';

/** One model for the whole process: every client of this process counts against the same seconds. */
const processModel = new ThroughputModel();

/** What this process's own calls consumed and were refused (the tests read it). */
export const inProcessThroughputTotals = () => processModel.totals();

/** The name `headers` gives to `name` (lower case), whatever its case there. */
function headerName(headers: Record<string, string>, name: string): string | undefined {
  return Object.keys(headers).find((key) => key.toLowerCase() === name);
}

/** A JSON body as text: the SDK's request body is a string or a Uint8Array, an answer's collected bytes a Uint8Array. */
function jsonText(body: unknown): string {
  if (typeof body === 'string') return body;
  // A view of its bytes: the SDK's JSON body (a Uint8Array) warns when read through its string methods.
  const bytes = body as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/**
 * The SDK's HTTP transport with the throughput model on this side of the wire: the same model as
 * the local product's proxy (infra/local/throughput/throughput-proxy.ts), without the proxy's
 * second HTTP hop, for a process whose calls no other process shares a ledger with. A refused
 * call gets DynamoDB's throttling answer, which the SDK retries with its backoff as it retries
 * DynamoDB's.
 */
export class ThroughputModelledHttpHandler extends NodeHttpHandler {
  constructor(private readonly model: ThroughputModel = processModel) {
    super();
  }

  override async handle(request: HttpRequest, options?: HttpHandlerOptions): Promise<{ response: HttpResponse }> {
    const target = headerName(request.headers, 'x-amz-target');
    const operation = (target ? request.headers[target] : '').split('.')[1] ?? '';
    const admission = this.model.admit(operation, jsonText(request.body));
    if (admission.kind === 'refused')
      return {
        response: new HttpResponse({
          statusCode: 400,
          headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': `throttled-${Date.now()}` },
          body: Readable.from([Buffer.from(throttledAnswer)]),
        }),
      };
    if (admission.kind === 'free') return super.handle(request, options);
    const sent = HttpRequest.clone(request);
    sent.body = admission.body;
    const lengthHeader = headerName(sent.headers, 'content-length');
    if (lengthHeader) sent.headers[lengthHeader] = String(Buffer.byteLength(admission.body));
    const { response } = await super.handle(sent, options);
    if (response.statusCode !== 200) return { response };
    const answer = Buffer.from(admission.settle(jsonText(await streamCollector(response.body))), 'utf8');
    // The answer's checksum covers the body DynamoDB Local sent, not the one without ConsumedCapacity.
    const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !['x-amz-crc32', 'content-length'].includes(name.toLowerCase())));
    return { response: new HttpResponse({ statusCode: 200, headers: { ...headers, 'content-length': String(answer.length) }, body: Readable.from([answer]) }) };
  }
}

/**
 * The transport of this process's DynamoDB client when `LIVREA_THROUGHPUT_IN_PROCESS_PID` names
 * this process: the integration tests' jest workers, whose handlers run in their own process and
 * whose child processes (worker pools, crash-test runtimes: they inherit the variable, not the pid)
 * keep calling through the run's proxy (test/support/integration-throughput.ts). Those calls then
 * go to `DYNAMODB_LOCAL_ENDPOINT`, DynamoDB Local itself.
 */
export function inProcessThroughput(env: NodeJS.ProcessEnv): { endpoint: string; requestHandler: ThroughputModelledHttpHandler } | undefined {
  if (env.LIVREA_THROUGHPUT_IN_PROCESS_PID !== String(process.pid) || !env.DYNAMODB_LOCAL_ENDPOINT) return undefined;
  return { endpoint: env.DYNAMODB_LOCAL_ENDPOINT, requestHandler: new ThroughputModelledHttpHandler() };
}
