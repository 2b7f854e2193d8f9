import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';

/**
 * The export job's PDF in AWS (docs/architecture.md « Exports of big plannings »): the dispatch
 * function has no Chromium, so it invokes the renderer function with `{ operationId }` and waits
 * (RequestResponse); the renderer prints and stores the PDF. A failed print throws here, so the
 * job retries it with the job system's backoff.
 */
export async function invokePdfRenderer(lambda: LambdaClient, functionArn: string, operationId: string): Promise<void> {
  const answer = await lambda.send(
    new InvokeCommand({ FunctionName: functionArn, InvocationType: 'RequestResponse', Payload: JSON.stringify({ operationId }) }),
  );
  if (answer.FunctionError)
    throw new Error(
      `the PDF renderer failed: ${answer.FunctionError} ${Buffer.from(answer.Payload ?? new Uint8Array())
        .toString('utf8')
        .slice(0, 500)}`,
    );
}
