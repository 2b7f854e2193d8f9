import { Stack } from 'aws-cdk-lib';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

export interface MessagingProps {
  /** The SES identity mail is sent from (a verified domain), e.g. `livrea.fr`. */
  readonly mailFromDomain: string;
}

/** Statement id of the SMS grant: its `*` resource has a cdk-nag suppression (infra/stacks/nag-suppressions.ts). */
const smsStatementId = 'SendSmsToPhoneNumbers';

/** Permission to send what Livrea sends: e-mail through one SES identity, SMS straight to phones. */
export class Messaging extends Construct {
  readonly identityArn: string;

  constructor(scope: Construct, id: string, props: MessagingProps) {
    super(scope, id);
    this.identityArn = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: props.mailFromDomain });
  }

  /** SES v2 SendEmail (simple content, attachments included) authorizes `ses:SendEmail` only. */
  grantMail(fn: IFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({ sid: 'SendMailFromLivreaIdentity', effect: Effect.ALLOW, actions: ['ses:SendEmail'], resources: [this.identityArn] }),
    );
  }

  grantSms(fn: IFunction): void {
    // An SMS is published to a phone number, not to a topic: SNS authorizes such a publish on
    // resource "*" only, and has no condition key for the destination. Every ARN-addressed target
    // (topics, mobile push endpoints) is denied below, which leaves direct-to-phone SMS as the
    // only use.
    fn.addToRolePolicy(new PolicyStatement({ sid: smsStatementId, effect: Effect.ALLOW, actions: ['sns:Publish'], resources: ['*'] }));
    fn.addToRolePolicy(
      new PolicyStatement({
        sid: 'NoPublishToTopicsOrEndpoints',
        effect: Effect.DENY,
        actions: ['sns:Publish'],
        resources: [`arn:${Stack.of(this).partition}:sns:*:*:*`],
      }),
    );
  }
}
