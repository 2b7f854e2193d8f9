import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Aspects, type Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { type Json, synthApp } from './support/synth';

// Each case synthesizes the whole stack with the rules: several seconds on a loaded machine.
jest.setTimeout(180_000);

interface Finding {
  level: 'error' | 'warning';
  path: string;
  message: string;
}

/** Runs the AWS Solutions rules on a stack and returns what they report (suppressed findings are not). */
function nagFindings(stack: Stack): Finding[] {
  Aspects.of(stack).add(new AwsSolutionsChecks());
  const annotations = Annotations.fromStack(stack);
  const rule = Match.stringLikeRegexp('AwsSolutions-');
  return [
    ...annotations.findError('*', rule).map((m) => ({ level: 'error' as const, path: m.id, message: String(m.entry.data) })),
    ...annotations.findWarning('*', rule).map((m) => ({ level: 'warning' as const, path: m.id, message: String(m.entry.data) })),
  ];
}

function withWebBuild<T>(run: (dist: string) => T): T {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'livrea-nag-dist-'));
  try {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Livrea</title>');
    return run(dist);
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
}

describe('cdk-nag AwsSolutions checks', () => {
  it('nag: the dev stack has no unsuppressed error or warning', () => {
    expect(nagFindings(synthApp().stack)).toEqual([]);
  });

  it('nag: a prod stack with the SPA deployment (the CDK BucketDeployment handler) has no unsuppressed error or warning', () => {
    const findings = withWebBuild((dist) => nagFindings(synthApp({ stage: 'prod', alarmEmail: 'ops@livrea.fr' }, dist).stack));
    expect(findings).toEqual([]);
  });

  it('nag: the checks do fail the synth on a new finding (an unencrypted queue without TLS enforcement)', () => {
    const { stack } = synthApp();
    new Queue(stack, 'Careless');
    const findings = nagFindings(stack);
    expect(findings.filter((f) => f.level === 'error').map((f) => f.message)).toEqual(
      expect.arrayContaining([expect.stringContaining('AwsSolutions-SQS3'), expect.stringContaining('AwsSolutions-SQS4')]),
    );
  });

  it('nag: every suppression names an AwsSolutions rule and says why in a sentence; wildcards are accepted one by one', () => {
    const { stack } = synthApp();
    nagFindings(stack);
    const resources = (stack.node.root as unknown as { synth(): { getStackByName(name: string): { template: Json } } }).synth().getStackByName(stack.stackName)
      .template.Resources as Record<string, Json>;
    const suppressions = Object.values(resources).flatMap((r: Json) => r.Metadata?.cdk_nag?.rules_to_suppress ?? []);
    expect(suppressions.length).toBeGreaterThan(0);
    for (const suppression of suppressions) {
      expect(suppression.id).toMatch(/^AwsSolutions-[A-Z0-9]+$/);
      expect(suppression.reason.length).toBeGreaterThanOrEqual(40);
      if (suppression.id === 'AwsSolutions-IAM5' && suppression.applies_to === undefined) {
        throw new Error(`IAM5 suppressed for a whole policy: ${suppression.reason}`);
      }
    }
  });
});
