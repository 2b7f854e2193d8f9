import { App, Tags } from 'aws-cdk-lib';
import { LivreaStack } from './stacks/livrea-stack';

const app = new App();
// Environment-agnostic: the account and region come from the deploying credentials.
new LivreaStack(app, 'Livrea', { description: 'Livrea: scheduling of new-build handover visits' });
Tags.of(app).add('project', 'livrea');
app.synth();
