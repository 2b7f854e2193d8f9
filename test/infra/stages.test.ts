import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { readSettings, stackNameOf, stageOf } from '../../infra/stacks/livrea-settings';
import { LivreaStack } from '../../infra/stacks/livrea-stack';
import { cdkJsonContext, type Json, noWebBuild } from './support/synth';

// Two whole stacks are synthesized.
jest.setTimeout(180_000);

/**
 * The names CloudFormation gives to resources that must be unique in an account and region: the
 * name properties of each resource, and of its `...Config` block (CloudFront policies). References
 * (Ref, GetAtt) are generated per stack and left out.
 */
function explicitNames(template: Template): string[] {
  const nameKeys = /^(Name|FunctionName|RoleName|TopicName|QueueName|LogGroupName|BucketName|TableName|RuleName)$/;
  const namesIn = (properties: Record<string, Json>): string[] =>
    Object.entries(properties)
      .filter(([key, value]) => nameKeys.test(key) && (typeof value === 'string' || !('Ref' in value || 'Fn::GetAtt' in value)))
      .map(([, value]) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return Object.values(template.toJSON().Resources as Record<string, Json>).flatMap((resource) => {
    const properties: Record<string, Json> = resource.Properties ?? {};
    const configs = Object.entries(properties).filter(([key, value]) => key.endsWith('Config') && value && typeof value === 'object' && !Array.isArray(value));
    return [...namesIn(properties), ...configs.flatMap(([, config]) => namesIn(config))];
  });
}

describe('stages: two environments deploy side by side', () => {
  it('stages: dev and prod in one account get distinct stack, function, schedule group and API names', () => {
    const dev = new LivreaStack(new App({ context: { ...cdkJsonContext, stage: 'dev', 'aws:cdk:bundling-stacks': [] } }), stackNameOf('dev'), {
      webDistPath: noWebBuild,
    });
    const prod = new LivreaStack(
      new App({ context: { ...cdkJsonContext, stage: 'prod', alarmEmail: 'ops@livrea.fr', 'aws:cdk:bundling-stacks': [] } }),
      stackNameOf('prod'),
      { webDistPath: noWebBuild },
    );
    expect([dev.stackName, prod.stackName]).toEqual(['Livrea-dev', 'Livrea-prod']);

    const devTemplate = Template.fromStack(dev);
    const prodTemplate = Template.fromStack(prod);
    devTemplate.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'Livrea-dev-jobs' });
    prodTemplate.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'Livrea-prod-jobs' });
    prodTemplate.hasResourceProperties('AWS::Lambda::Function', { FunctionName: 'Livrea-prod-dispatch' });
    prodTemplate.hasResourceProperties('AWS::ApiGatewayV2::Api', { Name: 'livrea-prod' });

    const devNames = explicitNames(devTemplate);
    const prodNames = explicitNames(prodTemplate);
    expect(devNames.length).toBeGreaterThanOrEqual(3);
    expect(prodNames.filter((name) => devNames.includes(name))).toEqual([]);
  });

  it('stages: the stage is "dev" unless the stage context says otherwise', () => {
    expect(stageOf(new App())).toBe('dev');
    expect(stageOf(new App({ context: { stage: 'recette' } }))).toBe('recette');
  });

  it('stages: a stage that cannot be part of a resource name is refused with a clear message', () => {
    expect(() => stageOf(new App({ context: { stage: 'Prod_1' } }))).toThrow(/stage "Prod_1" must be 1 to 20 lower-case letters/);
  });

  it('stages: outside dev, the synth fails with a clear message when no alarm e-mail is given', () => {
    expect(() => readSettings(new App({ context: { stage: 'prod' } }))).toThrow(
      'Livrea: stage "prod" needs an alarm e-mail address (-c alarmEmail=ops@example.fr); only the "dev" stage may go without.',
    );
    expect(() => new LivreaStack(new App({ context: { ...cdkJsonContext, stage: 'prod' } }), 'Livrea-prod', { webDistPath: noWebBuild })).toThrow(
      /needs an alarm e-mail/,
    );
    expect(readSettings(new App({ context: { stage: 'prod', alarmEmail: 'ops@livrea.fr' } })).alarmEmail).toBe('ops@livrea.fr');
    expect(readSettings(new App()).alarmEmail).toBeUndefined();
  });

  it('stages: an alarm e-mail that is not an address is refused', () => {
    expect(() => readSettings(new App({ context: { stage: 'prod', alarmEmail: 'ops' } }))).toThrow('Livrea: alarmEmail "ops" is not an e-mail address.');
  });
});
