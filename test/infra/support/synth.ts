import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { projectRoot } from '../../../infra/constructs/livrea-function';
import { stackNameOf, stageOf } from '../../../infra/stacks/livrea-settings';
import { LivreaStack } from '../../../infra/stacks/livrea-stack';

// CloudFormation JSON read back from a template: its shape is whatever the assertion reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- template JSON, checked by the assertions
export type Json = any;

export type Resource = { Type: string; Properties: Record<string, Json>; DeletionPolicy?: string; UpdateReplacePolicy?: string };
export type Statement = { Sid?: string; Effect: 'Allow' | 'Deny'; Action: string | string[]; Resource: Json; Condition?: Json };

/** The context the CLI gives the app (cdk.json), so that tests see the same feature flags. */
export const cdkJsonContext: Record<string, unknown> = JSON.parse(fs.readFileSync(path.join(projectRoot, 'cdk.json'), 'utf8')).context;

export const noWebBuild = path.join(os.tmpdir(), 'livrea-no-web-build');

/** An app as infra/app.ts builds it (stack named after the stage), without bundling the functions. */
export function synthApp(context: Record<string, unknown> = {}, webDistPath = noWebBuild): { app: App; stack: LivreaStack } {
  const app = new App({ context: { ...cdkJsonContext, ...context, 'aws:cdk:bundling-stacks': [] } });
  const stack = new LivreaStack(app, stackNameOf(stageOf(app)), { webDistPath });
  return { app, stack };
}

export function synth(context: Record<string, unknown> = {}, webDistPath = noWebBuild): { stack: LivreaStack; template: Template } {
  const { stack } = synthApp(context, webDistPath);
  return { stack, template: Template.fromStack(stack) };
}

export function resourcesOf(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}

/** Logical ids of the Lambda functions, by group (POWERTOOLS_SERVICE_NAME is livrea-<group>). */
export function functionIdsByGroup(template: Template): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [id, fn] of Object.entries(resourcesOf(template, 'AWS::Lambda::Function'))) {
    const service: string | undefined = fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME;
    if (service?.startsWith('livrea-')) ids.set(service.slice('livrea-'.length), id);
  }
  return ids;
}

/** The statements of the policies attached to a role. */
export function statementsOfRole(template: Template, roleId: string): Statement[] {
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) => policy.Properties.Roles.some((role: Json) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}

export function roleIdOfFunction(template: Template, functionId: string): string {
  return resourcesOf(template, 'AWS::Lambda::Function')[functionId].Properties.Role['Fn::GetAtt'][0];
}

export function actionsOf(statement: Statement): string[] {
  return [statement.Action].flat();
}

/** Every action a group's function role is allowed, whatever the resource. */
export function allowedActionsOf(template: Template, group: string): Set<string> {
  const functionId = functionIdsByGroup(template).get(group);
  if (!functionId) throw new Error(`no function for group ${group}`);
  return new Set(
    statementsOfRole(template, roleIdOfFunction(template, functionId))
      .filter((s) => s.Effect === 'Allow')
      .flatMap(actionsOf),
  );
}
