import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { apiRoutes, listRoutes, localOnlyRoutes } from '../../functions/api-routes';
import { tableDefinition } from '../../functions/data/table-definition';
import { LivreaFunction, projectRoot } from '../../infra/constructs/livrea-function';
import { spaFallbackCode } from '../../infra/constructs/spa-site';
import { LivreaStack, schedulingGroups } from '../../infra/stacks/livrea-stack';

// Synthesizing the whole stack takes a few seconds; bundling one function for real, longer.
jest.setTimeout(120_000);

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

/** The context the CLI gives the app (cdk.json), so that tests see the same feature flags. */
const cdkJsonContext: Record<string, unknown> = JSON.parse(fs.readFileSync(path.join(projectRoot, 'cdk.json'), 'utf8')).context;

const noWebBuild = path.join(os.tmpdir(), 'livrea-no-web-build');

function synth(context: Record<string, unknown> = {}, webDistPath = noWebBuild): { stack: LivreaStack; template: Template } {
  const app = new App({ context: { ...cdkJsonContext, ...context, 'aws:cdk:bundling-stacks': [] } });
  const stack = new LivreaStack(app, 'Livrea', { webDistPath });
  return { stack, template: Template.fromStack(stack) };
}

function resourcesOf(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}

/** Logical ids of the Lambda functions, by group (POWERTOOLS_SERVICE_NAME is livrea-<group>). */
function functionIdsByGroup(template: Template): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [id, fn] of Object.entries(resourcesOf(template, 'AWS::Lambda::Function'))) {
    const service: string | undefined = fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME;
    if (service?.startsWith('livrea-')) ids.set(service.slice('livrea-'.length), id);
  }
  return ids;
}

/** The statements of the policies attached to a role. */
function statementsOfRole(template: Template, roleId: string): any[] {
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) => policy.Properties.Roles.some((role: any) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}

function roleIdOfFunction(template: Template, functionId: string): string {
  return resourcesOf(template, 'AWS::Lambda::Function')[functionId].Properties.Role['Fn::GetAtt'][0];
}

function actionsOf(statement: any): string[] {
  return [statement.Action].flat();
}

const groups = Object.keys(apiRoutes);
const allGroups = [...groups, 'dispatch'];

describe('LivreaStack', () => {
  let stack: LivreaStack;
  let template: Template;
  beforeAll(() => {
    ({ stack, template } = synth());
  });

  describe('table', () => {
    it('table: keys and global secondary indexes come from the shared table definition', () => {
      template.resourceCountIs('AWS::DynamoDB::Table', 1);
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'gsi1pk', AttributeType: 'S' },
          { AttributeName: 'gsi2sk', AttributeType: 'S' },
        ]),
      });
    });

    it('table: expired items are removed through the TTL attribute', () => {
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      });
    });

    it('table: point-in-time recovery and on-demand billing', () => {
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      });
    });

    it('table: the data outlives the stack (retained, deletion protection)', () => {
      template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
      });
    });
  });

  describe('functions', () => {
    it('functions: one per call group of the manifest, plus dispatch, each built from functions/<group>/handler.ts', () => {
      const functions = stack.node.findAll().filter((c): c is LivreaFunction => c instanceof LivreaFunction);
      expect(functions.map((fn) => fn.group).sort()).toEqual([...allGroups].sort());
      for (const fn of functions) {
        expect(fn.entry).toBe(path.join(projectRoot, 'functions', fn.group, 'handler.ts'));
      }
      expect([...functionIdsByGroup(template).keys()].sort()).toEqual([...allGroups].sort());
      template.resourceCountIs('AWS::Lambda::Function', allGroups.length);
    });

    it('functions: each runs its handler export on Node 22, arm64, 512 MB, with active tracing', () => {
      for (const group of allGroups) {
        template.hasResourceProperties('AWS::Lambda::Function', {
          Description: `Livrea ${group}`,
          Handler: 'index.handler',
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          MemorySize: 512,
          TracingConfig: { Mode: 'Active' },
        });
      }
    });

    it('functions: API functions stop at 29 s (under the API Gateway limit), dispatch at 5 minutes', () => {
      const all = resourcesOf(template, 'AWS::Lambda::Function');
      for (const [group, id] of functionIdsByGroup(template)) {
        expect(all[id].Properties.Timeout).toBe(group === 'dispatch' ? 300 : 29);
      }
    });

    it('functions: each writes to its own log group, kept one month', () => {
      const logGroups = resourcesOf(template, 'AWS::Logs::LogGroup');
      const all = resourcesOf(template, 'AWS::Lambda::Function');
      const used = new Set<string>();
      for (const id of functionIdsByGroup(template).values()) {
        const logGroupId: string = all[id].Properties.LoggingConfig.LogGroup.Ref;
        expect(logGroups[logGroupId].Properties.RetentionInDays).toBe(30);
        used.add(logGroupId);
      }
      expect(used.size).toBe(allGroups.length);
    });

    it('functions: every one gets the common environment', () => {
      const all = resourcesOf(template, 'AWS::Lambda::Function');
      for (const id of functionIdsByGroup(template).values()) {
        const env = all[id].Properties.Environment.Variables;
        expect(env).toMatchObject({
          TABLE_NAME: { Ref: expect.stringMatching(/^DataTable/) },
          FILES_BUCKET: { Ref: expect.stringMatching(/^FilesBucket/) },
          JWT_SECRET_ARN: { Ref: expect.stringMatching(/^TokenSigningKey/) },
          LIVREA_RUNTIME: 'aws',
          MAIL_FROM: 'noreply@livrea.fr',
          NODE_OPTIONS: '--enable-source-maps',
          SCHEDULE_GROUP: 'Livrea-jobs',
          SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [expect.stringMatching(/^SchedulerInvokeDispatchRole/), 'Arn'] },
        });
        expect(env.POWERTOOLS_SERVICE_NAME).toMatch(/^livrea-/);
        // The CloudFront URL when no publicUrl is given.
        expect(env.PUBLIC_URL).toEqual({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^SiteDistribution/), 'DomainName'] }]] });
        expect(JSON.stringify(env.DISPATCH_FUNCTION_ARN)).toContain(':function:Livrea-dispatch');
      }
    });

    it('functions: every one reads and writes the table and the files bucket, and reads the signing secret', () => {
      for (const id of functionIdsByGroup(template).values()) {
        const statements = statementsOfRole(template, roleIdOfFunction(template, id));
        const grants = (action: string, resourcePrefix: RegExp) =>
          statements.some((s) => s.Effect === 'Allow' && actionsOf(s).includes(action) && JSON.stringify(s.Resource).match(resourcePrefix));
        expect(grants('dynamodb:PutItem', /DataTable/)).toBe(true);
        expect(grants('dynamodb:Query', /DataTable/)).toBe(true);
        expect(grants('s3:PutObject', /FilesBucket/)).toBe(true);
        expect(grants('s3:GetObject*', /FilesBucket/)).toBe(true);
        expect(grants('secretsmanager:GetSecretValue', /TokenSigningKey/)).toBe(true);
      }
    });

    it('dispatch: its ARN is known to the functions that schedule jobs without a reference cycle', () => {
      template.hasResourceProperties('AWS::Lambda::Function', { FunctionName: 'Livrea-dispatch', Description: 'Livrea dispatch' });
    });
  });

  describe('bundling', () => {
    it('bundling: local esbuild (no Docker), minified CommonJS for node22 with a source map, @aws-sdk left to the runtime', () => {
      const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'livrea-bundle-'));
      // A `docker` first on the PATH that leaves a mark if anything calls it.
      const fakeBin = path.join(outdir, 'fake-bin');
      const dockerMark = path.join(outdir, 'docker-was-called');
      fs.mkdirSync(fakeBin);
      fs.writeFileSync(path.join(fakeBin, 'docker'), `#!/bin/sh\ntouch '${dockerMark}'\nexit 97\n`, { mode: 0o755 });
      const originalPath = process.env.PATH;
      process.env.PATH = `${fakeBin}${path.delimiter}${originalPath}`;
      try {
        const app = new App({ outdir: path.join(outdir, 'cdk.out'), context: cdkJsonContext });
        const bundled = new Stack(app, 'Bundled');
        const fn = new LivreaFunction(bundled, 'Dispatch', { group: 'dispatch', kind: 'job' });
        app.synth();
        const assetPath: string = fn.node.findAll().map((c: any) => c.assetPath).find(Boolean);
        const bundleDir = path.join(outdir, 'cdk.out', assetPath);
        expect(fs.existsSync(dockerMark)).toBe(false);
        const code = fs.readFileSync(path.join(bundleDir, 'index.js'), 'utf8');
        expect(fs.existsSync(path.join(bundleDir, 'index.js.map'))).toBe(true);
        expect(code).toMatch(/sourceMappingURL=index\.js\.map/);
        expect(code).toMatch(/module\.exports|exports\./);
        expect(code).not.toMatch(/^import /m);
        // SDK v3 clients are required at run time (the runtime provides @aws-sdk/*), not bundled.
        expect(code).toMatch(/require\("@aws-sdk\/client-dynamodb"\)/);
        expect(code).not.toContain('@aws-sdk/client-dynamodb/dist');
      } finally {
        process.env.PATH = originalPath;
        fs.rmSync(outdir, { recursive: true, force: true });
      }
    });
  });

  describe('api', () => {
    it('api: one route per deployed manifest entry, on the function of its group', () => {
      const routes = resourcesOf(template, 'AWS::ApiGatewayV2::Route');
      const integrations = resourcesOf(template, 'AWS::ApiGatewayV2::Integration');
      const functionIds = functionIdsByGroup(template);
      const deployed = listRoutes(false);

      expect(Object.values(routes).map((r) => r.Properties.RouteKey).sort()).toEqual(deployed.map((r) => `${r.method} ${r.path}`).sort());
      for (const route of deployed) {
        const [resource] = Object.values(routes).filter((r) => r.Properties.RouteKey === `${route.method} ${route.path}`);
        const integrationId: string = resource.Properties.Target['Fn::Join'][1][1].Ref;
        expect(integrations[integrationId].Properties).toMatchObject({
          IntegrationType: 'AWS_PROXY',
          PayloadFormatVersion: '2.0',
          IntegrationUri: { 'Fn::GetAtt': [functionIds.get(route.group), 'Arn'] },
        });
      }
      template.resourceCountIs('AWS::ApiGatewayV2::Integration', groups.length);
    });

    it('api: local-only routes (the dev outbox) are never deployed', () => {
      const routeKeys = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
      for (const key of Object.values(localOnlyRoutes).flat()) expect(routeKeys).not.toContain(key);
      expect(routeKeys.some((key) => key.includes('/api/dev/'))).toBe(false);
      expect([...functionIdsByGroup(template).keys()]).not.toContain('dev');
    });

    it('api: API Gateway may invoke each API function (one permission per function, not per route)', () => {
      template.resourceCountIs('AWS::Lambda::Permission', groups.length);
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        Principal: 'apigateway.amazonaws.com',
      });
    });
  });

  describe('buckets', () => {
    it('buckets: block all public access, S3-managed encryption, TLS only', () => {
      const buckets = resourcesOf(template, 'AWS::S3::Bucket');
      expect(Object.keys(buckets)).toHaveLength(2);
      for (const bucket of Object.values(buckets)) {
        expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(bucket.Properties.BucketEncryption).toEqual({
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        });
      }
      const policies = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy'));
      const secured = policies.map((p) => p.Properties.Bucket.Ref).filter((ref) =>
        policies.some(
          (p) =>
            p.Properties.Bucket.Ref === ref &&
            p.Properties.PolicyDocument.Statement.some(
              (s: any) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false',
            ),
        ),
      );
      expect(new Set(secured)).toEqual(new Set(Object.keys(buckets)));
    });

    it('files: the site may PUT to presigned upload URLs (issue 10 point 9), and unread uploads expire after a day', () => {
      const files = Object.entries(resourcesOf(template, 'AWS::S3::Bucket')).find(([id]) => id.startsWith('FilesBucket'))![1];
      expect(files.Properties.CorsConfiguration.CorsRules).toEqual([
        expect.objectContaining({ AllowedMethods: ['PUT'], AllowedHeaders: ['content-type'], AllowedOrigins: [expect.anything()] }),
      ]);
      expect(files.Properties.LifecycleConfiguration.Rules).toEqual([expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' })]);
    });

    it('spa: nothing is deployed to the SPA bucket when there is no web build', () => {
      template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    });

    it('spa: web/dist is deployed (assets, then index.html) and /index.html invalidated when the build exists', () => {
      const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'livrea-dist-'));
      try {
        fs.mkdirSync(path.join(dist, 'assets'));
        fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Livrea</title>');
        fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
        const withDist = synth({}, dist).template;
        withDist.resourceCountIs('Custom::CDKBucketDeployment', 2);
        withDist.hasResourceProperties('Custom::CDKBucketDeployment', {
          DestinationBucketName: { Ref: Match.stringLikeRegexp('^SiteBucket') },
          SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
          Prune: false,
        });
        withDist.hasResourceProperties('Custom::CDKBucketDeployment', {
          SystemMetadata: { 'cache-control': 'no-cache', 'content-type': 'text/html; charset=utf-8' },
          DistributionPaths: ['/index.html'],
        });
      } finally {
        fs.rmSync(dist, { recursive: true, force: true });
      }
    });
  });

  describe('cloudfront', () => {
    it('cloudfront: the SPA bucket is reached through origin access control only', () => {
      template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultRootObject: 'index.html',
          Origins: Match.arrayWith([
            Match.objectLike({
              DomainName: { 'Fn::GetAtt': [Match.stringLikeRegexp('^SiteBucket'), 'RegionalDomainName'] },
              OriginAccessControlId: Match.anyValue(),
            }),
          ]),
        }),
      });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: Match.stringLikeRegexp('^SiteBucket') },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Allow', Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
          ]),
        },
      });
    });

    it('cloudfront: /api/* goes to the HTTP API, uncached, all methods, all viewer headers but Host', () => {
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          CacheBehaviors: [
            Match.objectLike({
              PathPattern: '/api/*',
              AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
              CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
              OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
              ViewerProtocolPolicy: 'https-only',
            }),
          ],
          Origins: Match.arrayWith([
            Match.objectLike({
              DomainName: { 'Fn::Join': ['', [{ Ref: Match.stringLikeRegexp('^Api') }, '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }]] },
              CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
            }),
          ]),
        }),
      });
    });

    it('cloudfront: SPA fallback serves /index.html for app routes without rewriting API errors', () => {
      // A viewer-request function on the default behaviour only; no distribution-wide error
      // responses, which would turn the API's JSON 403/404 into index.html with status 200.
      const distribution = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
      expect(distribution.CustomErrorResponses).toBeUndefined();
      expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual([
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^SiteSpaFallback/), 'FunctionARN'] } },
      ]);
      expect(distribution.CacheBehaviors[0].FunctionAssociations).toBeUndefined();
      template.hasResourceProperties('AWS::CloudFront::Function', {
        FunctionCode: spaFallbackCode,
        FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
      });
    });

    it('cloudfront: the SPA fallback maps app routes to /index.html and leaves files alone', () => {
      const handler = new Function(`${spaFallbackCode}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
      const uriAfter = (uri: string) => handler({ request: { uri } }).uri;
      expect(uriAfter('/')).toBe('/index.html');
      expect(uriAfter('/entrevue/3f2c9a0e-1b7d-4c2e-9f10-8a6b5c4d3e2f')).toBe('/index.html');
      expect(uriAfter('/plannings/42/consolidated')).toBe('/index.html');
      expect(uriAfter('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
      expect(uriAfter('/favicon.svg')).toBe('/favicon.svg');
    });
  });

  describe('scheduler', () => {
    it('scheduler: a schedule group for Livrea jobs exists', () => {
      template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
      template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'Livrea-jobs' });
    });

    it('scheduler: its role is assumable by scheduler.amazonaws.com and can only invoke the dispatch function', () => {
      const roles = resourcesOf(template, 'AWS::IAM::Role');
      const [roleId] = Object.entries(roles)
        .filter(([, role]) => JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'))
        .map(([id]) => id);
      expect(roleId).toBeDefined();
      expect(roles[roleId].Properties.AssumeRolePolicyDocument.Statement).toEqual([
        {
          Action: 'sts:AssumeRole',
          Effect: 'Allow',
          Principal: { Service: 'scheduler.amazonaws.com' },
          Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
        },
      ]);
      expect(roles[roleId].Properties.ManagedPolicyArns).toBeUndefined();
      const dispatchId = functionIdsByGroup(template).get('dispatch');
      const statements = statementsOfRole(template, roleId);
      expect(statements).toHaveLength(1);
      expect(statements[0].Effect).toBe('Allow');
      expect(actionsOf(statements[0])).toEqual(['lambda:InvokeFunction']);
      for (const resource of [statements[0].Resource].flat()) {
        expect(JSON.stringify(resource)).toContain(`"${dispatchId}"`);
      }
    });

    it('scheduler: scheduling functions manage only this group\'s schedules and pass only the dispatch role', () => {
      for (const [group, id] of functionIdsByGroup(template)) {
        const statements = statementsOfRole(template, roleIdOfFunction(template, id));
        const schedulerStatements = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('scheduler:')));
        const passRole = statements.filter((s) => actionsOf(s).includes('iam:PassRole'));
        if (!schedulingGroups.has(group)) {
          expect(schedulerStatements).toEqual([]);
          expect(passRole).toEqual([]);
          continue;
        }
        expect(schedulerStatements).toHaveLength(1);
        expect(actionsOf(schedulerStatements[0]).sort()).toEqual(
          ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule', 'scheduler:UpdateSchedule'],
        );
        expect(JSON.stringify(schedulerStatements[0].Resource)).toMatch(/:schedule\/Livrea-jobs\/\*"/);
        expect(passRole).toHaveLength(1);
        expect(passRole[0].Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^SchedulerInvokeDispatchRole/), 'Arn'] });
        expect(passRole[0].Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
      }
      expect(schedulingGroups.has('dispatch')).toBe(true);
    });
  });

  describe('messaging', () => {
    it('messaging: SES sending is allowed on the configured identity only', () => {
      for (const id of functionIdsByGroup(template).values()) {
        const ses = statementsOfRole(template, roleIdOfFunction(template, id)).filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
        expect(ses).toHaveLength(1);
        expect(actionsOf(ses[0]).sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
        expect(ses[0].Resource).toEqual({
          'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':identity/livrea.fr']],
        });
      }
    });

    it('messaging: SMS are published straight to phones; publishing to any topic or endpoint is denied', () => {
      for (const id of functionIdsByGroup(template).values()) {
        const sns = statementsOfRole(template, roleIdOfFunction(template, id)).filter((s) => actionsOf(s).some((a) => a.startsWith('sns:')));
        expect(sns).toEqual([
          { Sid: 'SendSmsToPhoneNumbers', Action: 'sns:Publish', Effect: 'Allow', Resource: '*' },
          { Sid: 'NoPublishToTopicsOrEndpoints', Action: 'sns:Publish', Effect: 'Deny', Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':sns:*:*:*']] } },
        ]);
      }
    });
  });

  describe('secret', () => {
    it('secret: the token signing key is a generated Secrets Manager secret', () => {
      template.resourceCountIs('AWS::SecretsManager::Secret', 1);
      template.hasResourceProperties('AWS::SecretsManager::Secret', {
        GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }),
      });
    });
  });

  describe('alarms', () => {
    it('alarms: HTTP API 5xx, at least one over 5 minutes', () => {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/ApiGateway',
        MetricName: '5xx',
        Dimensions: [{ Name: 'ApiId', Value: { Ref: Match.stringLikeRegexp('^Api') } }],
        Statistic: 'Sum',
        Period: 300,
        Threshold: 1,
        EvaluationPeriods: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    });

    it('alarms: every function alarms on its errors, at least one over 5 minutes', () => {
      const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).filter((a) => a.Properties.MetricName === 'Errors');
      const watched = alarms.map((a) => {
        expect(a.Properties).toMatchObject({ Namespace: 'AWS/Lambda', Statistic: 'Sum', Period: 300, Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
        return a.Properties.Dimensions[0].Value.Ref;
      });
      expect(watched.sort()).toEqual([...functionIdsByGroup(template).values()].sort());
    });

    it('alarms: no notification topic unless an alarm e-mail is configured', () => {
      template.resourceCountIs('AWS::SNS::Topic', 0);
    });
  });

  describe('stack', () => {
    it('stack: no custom resource at all without a web build (in particular, no demo data seeding)', () => {
      const custom = Object.values(template.toJSON().Resources as Record<string, Resource>).filter(
        (r) => r.Type.startsWith('Custom::') || r.Type === 'AWS::CloudFormation::CustomResource',
      );
      expect(custom).toEqual([]);
    });

    it('stack: outputs the site URL, the API URL and the table name', () => {
      template.hasOutput('SiteUrl', { Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^SiteDistribution'), 'DomainName'] }]] } });
      template.hasOutput('ApiUrl', Match.anyValue());
      template.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('^DataTable') } });
    });

    it('stack: environment-agnostic, named Livrea', () => {
      expect(stack.stackName).toBe('Livrea');
      expect(stack.environment).toBe('aws://unknown-account/unknown-region');
    });
  });
});

describe('LivreaStack with context values', () => {
  let template: Template;
  beforeAll(() => {
    ({ template } = synth({
      mailFromDomain: 'mail.example.fr',
      publicUrl: 'https://app.livrea.fr',
      alarmEmail: 'ops@livrea.fr',
      smsSenderId: 'LivreaTest',
    }));
  });

  it('context: mailFromDomain sets the SES identity and the default sender', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: ['ses:SendEmail', 'ses:SendRawEmail'],
            Resource: { 'Fn::Join': ['', Match.arrayWith([':identity/mail.example.fr'])] },
          }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ MAIL_FROM: 'noreply@mail.example.fr', SMS_SENDER_ID: 'LivreaTest' }) },
    });
  });

  it('context: publicUrl replaces the CloudFront URL in links and in the SiteUrl output', () => {
    for (const fn of Object.values(resourcesOf(template, 'AWS::Lambda::Function'))) {
      expect(fn.Properties.Environment.Variables.PUBLIC_URL).toBe('https://app.livrea.fr');
    }
    template.hasOutput('SiteUrl', { Value: 'https://app.livrea.fr' });
  });

  it('context: alarmEmail subscribes to a topic that every alarm notifies', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@livrea.fr' });
    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
    expect(alarms).toHaveLength(allGroups.length + 1);
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmsTopic/) }]);
    }
  });
});
