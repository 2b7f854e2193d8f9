import { Match } from 'aws-cdk-lib/assertions';
import { groupPermissions } from '../../infra/stacks/group-permissions';
import { actionsOf, functionIdsByGroup, type Json, resourcesOf, roleIdOfFunction, statementsOfRole, synth } from './support/synth';

jest.setTimeout(180_000);

/**
 * part 3 §4: the credits password is checked against a salted hash set by configuration: in AWS
 * a Secrets Manager secret of its own, which only the admin function is told about and may read.
 */
describe('credits password hash: a secret only the admin function reads (part 3 §4)', () => {
  const { template } = synth();
  const secrets = resourcesOf(template, 'AWS::SecretsManager::Secret');
  const secretId = Object.keys(secrets).find((id) => id.startsWith('CreditsPasswordHash'))!;
  const functions = resourcesOf(template, 'AWS::Lambda::Function');
  const refersToSecret = (value: Json) => JSON.stringify(value).includes(`"${secretId}"`);

  it('the stack has the secret, never with a value in the template, and outputs its ARN for put-secret-value', () => {
    expect(secretId).toBeDefined();
    expect(secrets[secretId].Properties.SecretString).toBeUndefined();
    template.hasOutput('CreditsPasswordHashArn', { Value: { Ref: secretId } });
  });

  it('the admin function gets CREDITS_PASSWORD_SECRET_ARN (what the AWS runtime reads) and may GetSecretValue on that secret only', () => {
    const adminId = functionIdsByGroup(template).get('admin')!;
    expect(functions[adminId].Properties.Environment.Variables.CREDITS_PASSWORD_SECRET_ARN).toEqual({ Ref: secretId });
    const statement = statementsOfRole(template, roleIdOfFunction(template, adminId)).find((s) => s.Sid === 'ReadCreditsPasswordHash');
    expect(statement).toEqual(expect.objectContaining({ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: { Ref: secretId } }));
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ POWERTOOLS_SERVICE_NAME: 'livrea-admin', CREDITS_PASSWORD_SECRET_ARN: { Ref: secretId } }) },
    });
  });

  it('no other function knows where the secret is or may read it (least privilege)', () => {
    const others = [...functionIdsByGroup(template)].filter(([group]) => group !== 'admin');
    expect(others.length).toBeGreaterThan(5);
    for (const [group, id] of others) {
      expect([group, refersToSecret(functions[id].Properties.Environment)]).toEqual([group, false]);
      const statements = statementsOfRole(template, roleIdOfFunction(template, id)).filter((s) =>
        actionsOf(s).some((action) => action.startsWith('secretsmanager:')),
      );
      expect([group, statements.some((s) => refersToSecret(s.Resource))]).toEqual([group, false]);
      expect([group, groupPermissions[group as keyof typeof groupPermissions]?.readsCreditsPasswordHash ?? false]).toEqual([group, false]);
    }
  });
});
