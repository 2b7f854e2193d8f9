import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { LivreaFunction } from '../../infra/constructs/livrea-function';
import { chromiumBinDirectory, functionOverrides } from '../../infra/stacks/function-overrides';
import { actionsOf, allowedActionsOf, cdkJsonContext, functionIdsByGroup, resourcesOf, roleIdOfFunction, statementsOfRole, synth } from './support/synth';

jest.setTimeout(180_000);

/** part 2 §2.9: the PDF renderer is a function of its own, sized for Chromium, with its permissions only. */
describe('PDF renderer function (part 2 §2.9)', () => {
  const { template } = synth();
  const functions = resourcesOf(template, 'AWS::Lambda::Function');
  const rendererId = functionIdsByGroup(template).get('pdf-renderer');

  it('the stack has the renderer: its own function, ≥ 2048 MB, the API timeout, Chromium beside its code', () => {
    expect(rendererId).toBeDefined();
    const renderer = functions[rendererId!].Properties;
    expect(renderer.MemorySize).toBeGreaterThanOrEqual(2048);
    expect(renderer.Timeout).toBe(29);
    expect(renderer.Environment.Variables.CHROMIUM_BIN_DIR).toBe(`/var/task/${chromiumBinDirectory}`);
    // No other function carries Chromium's memory.
    const others = Object.entries(functions).filter(
      ([id, fn]) => id !== rendererId && fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME?.startsWith('livrea-'),
    );
    for (const [, fn] of others) expect(fn.Properties.MemorySize).toBe(512);
  });

  it('GET /api/rdv/{id}/print is routed to the renderer', () => {
    const routes = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).map((route) => route.Properties.RouteKey);
    expect(routes).toContain('GET /api/rdv/{id}/print');
  });

  it("the renderer's permissions only: reads the table, gets and puts files, reads the signing key; no table write but the impersonation audit entry and the public renders' count, no mail, no SMS", () => {
    const actions = allowedActionsOf(template, 'pdf-renderer');
    expect(actions.has('s3:GetObject') && actions.has('s3:PutObject')).toBe(true);
    // PutItem: every route records the writes made while impersonating (functions/http/route.ts);
    // UpdateItem: the count of renders asked without a staff session, per address (rate-limit.ts).
    for (const forbidden of ['s3:DeleteObject', 'dynamodb:BatchWriteItem', 'ses:SendEmail', 'sns:Publish', 'dynamodb:Scan']) {
      expect(actions.has(forbidden)).toBe(false);
    }
  });

  it('the export job of a big planning runs in dispatch, which may invoke the renderer (and only it) to print the PDF (docs/architecture.md « Exports of big plannings »)', () => {
    const dispatchId = functionIdsByGroup(template).get('dispatch')!;
    const rendererArn = { 'Fn::GetAtt': [rendererId, 'Arn'] };
    expect(functions[dispatchId].Properties.Environment.Variables.PDF_RENDERER_FUNCTION_ARN).toEqual(rendererArn);
    const invokes = statementsOfRole(template, roleIdOfFunction(template, dispatchId)).filter((statement) =>
      actionsOf(statement).includes('lambda:InvokeFunction'),
    );
    expect(invokes.flatMap((statement) => [statement.Resource].flat())).toEqual(expect.arrayContaining([rendererArn]));
    // No other function may invoke the renderer directly.
    for (const [group, id] of functionIdsByGroup(template)) {
      if (group === 'dispatch') continue;
      const resources = statementsOfRole(template, roleIdOfFunction(template, id))
        .filter((statement) => actionsOf(statement).includes('lambda:InvokeFunction'))
        .flatMap((statement) => [statement.Resource].flat());
      expect(JSON.stringify(resources)).not.toContain(rendererId!);
    }
  });

  it("bundling copies @sparticuz/chromium's compressed build into the renderer's bundle", () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'livrea-renderer-'));
    try {
      const app = new App({ outdir: path.join(outdir, 'cdk.out'), context: cdkJsonContext });
      const fn = new LivreaFunction(new Stack(app, 'Renderer'), 'Renderer', { group: 'pdf-renderer', kind: 'api', ...functionOverrides['pdf-renderer'] });
      app.synth();
      const assetPath: string = fn.node
        .findAll()
        .map((c) => (c as { assetPath?: string }).assetPath)
        .find(Boolean)!;
      const bundleDir = path.join(outdir, 'cdk.out', assetPath);
      expect(fs.existsSync(path.join(bundleDir, chromiumBinDirectory, 'chromium.br'))).toBe(true);
      expect(fs.readFileSync(path.join(bundleDir, 'index.js'), 'utf8')).toMatch(/puppeteer/i);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });
});
