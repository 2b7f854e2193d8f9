import { App, Aspects, Tags } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stackNameOf, stageOf } from './stacks/livrea-settings';
import { LivreaStack } from './stacks/livrea-stack';

const app = new App();
const stage = stageOf(app);
// Environment-agnostic: the account and region come from the deploying credentials. One stack per
// stage (`-c stage=prod`), every unique name derived from the stack name, so stages coexist.
new LivreaStack(app, stackNameOf(stage), { description: `Livrea (${stage}): scheduling of new-build handover visits` });
Tags.of(app).add('project', 'livrea');
Tags.of(app).add('stage', stage);
// The AWS Solutions rules run on every synth: an unsuppressed error stops the deployment. The
// accepted findings carry their reason in infra/stacks/nag-suppressions.ts.
Aspects.of(app).add(new AwsSolutionsChecks());
app.synth();
