import { LambdaClient } from '@aws-sdk/client-lambda';
import { invokePdfRenderer } from '../adapters/aws/lambda-pdf-printer';
import type { Deps } from './deps';
import { requireEnv } from './env';

/**
 * Where an export operation's PDF is printed, chosen as the dependencies are: in AWS by the
 * renderer function (PDF_RENDERER_FUNCTION_ARN, invoked by the dispatch function, which holds
 * no Chromium); locally in the worker that runs the job, with the same code the renderer runs.
 */
export async function printOperationPdf(deps: Deps, operationId: string): Promise<void> {
  if (process.env.LIVREA_RUNTIME === 'aws') {
    await invokePdfRenderer(new LambdaClient({}), requireEnv('PDF_RENDERER_FUNCTION_ARN'), operationId);
    return;
  }
  const [{ renderOperationPdf }, { renderPrintPage }] = await Promise.all([import('../core/exports/pdf-export'), import('../core/exports/render-pdf')]);
  await renderOperationPdf(deps, operationId, renderPrintPage);
}
