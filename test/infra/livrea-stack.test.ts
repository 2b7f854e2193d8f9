import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { apiRoutes, listRoutes, localOnlyRoutes, schedulingGroups as schedulingGroupList } from '../../functions/api-routes';
import { originHeader } from '../../functions/http/origin-guard';
import { tableDefinition } from '../../functions/data/table-definition';
import { apiThrottle } from '../../infra/constructs/livrea-api';
import { LivreaFunction, projectRoot, sourceMapPathOf } from '../../infra/constructs/livrea-function';
import { sweepInput } from '../../infra/constructs/job-scheduler';
import { jobFailedThreshold } from '../../infra/constructs/service-alarms';
import { apiOriginRequestPolicy } from '../../infra/constructs/spa-site';
import { spaFallbackCode } from '../../infra/constructs/spa-fallback';
import { viewerAddressHeader } from '../../functions/http/client-address';
import { groupPermissions, type FunctionGroup } from '../../infra/stacks/group-permissions';
import type { LivreaStack } from '../../infra/stacks/livrea-stack';
import {
  actionsOf,
  allowedActionsOf,
  cdkJsonContext,
  functionIdsByGroup,
  type Json,
  type Resource,
  resourcesOf,
  roleIdOfFunction,
  statementsOfRole,
  synth,
} from './support/synth';

// Synthesizing the whole stack takes a few seconds; bundling one function for real, longer.
jest.setTimeout(180_000);

const schedulingGroups: ReadonlySet<string> = new Set(schedulingGroupList);

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
          // part 2 §2.9: the PDF renderer's memory is checked in test/infra/pdf-renderer.test.ts
          MemorySize: group === 'pdf-renderer' ? 2048 : 512,
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
          SCHEDULE_GROUP: 'Livrea-dev-jobs',
          SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [expect.stringMatching(/^SchedulerInvokeDispatchRole/), 'Arn'] },
          SCHEDULER_DLQ_ARN: { 'Fn::GetAtt': [expect.stringMatching(/^SchedulerDeadLetters/), 'Arn'] },
        });
        expect(env.POWERTOOLS_SERVICE_NAME).toMatch(/^livrea-/);
        // No source map is shipped (see test/infra/function-assets.test.ts): nothing to enable.
        expect(env.NODE_OPTIONS).toBeUndefined();
        // The CloudFront URL when no publicUrl is given.
        expect(env.PUBLIC_URL).toEqual({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^SiteDistribution/), 'DomainName'] }]] });
        expect(JSON.stringify(env.DISPATCH_FUNCTION_ARN)).toContain(':function:Livrea-dev-dispatch');
      }
    });

    it("iam: each function role allows exactly the table, file and secret actions of its group's entry in the permission map", () => {
      for (const [group, id] of functionIdsByGroup(template)) {
        const permissions = groupPermissions[group as FunctionGroup];
        const statements = statementsOfRole(template, roleIdOfFunction(template, id)).filter((s) => s.Effect === 'Allow');
        const actionsOn = (service: string) =>
          statements
            .flatMap(actionsOf)
            .filter((a) => a.startsWith(`${service}:`))
            .sort();
        expect([group, actionsOn('dynamodb')]).toEqual([group, [...permissions.table].sort()]);
        expect([group, actionsOn('s3')]).toEqual([group, [...permissions.files].sort()]);
        // part 3 §4: the admin group also reads the credits password's hash (test/infra/credits-password-secret.test.ts).
        expect([group, [...new Set(actionsOn('secretsmanager'))]]).toEqual([
          group,
          permissions.readsSigningKey || permissions.readsCreditsPasswordHash ? ['secretsmanager:GetSecretValue'] : [],
        ]);
        const table = statements.find((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')))!;
        expect(JSON.stringify(table.Resource)).toMatch(/DataTable.*DataTable.*\/index\/\*/);
        const files = statements.find((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
        if (files) expect(files.Resource).toEqual({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [expect.stringMatching(/^FilesBucket/), 'Arn'] }, '/*']] });
      }
    });

    it('iam: only the dispatch function may Scan (its erasure jobs), no wildcard action, and BatchWriteItem, DeleteItem or DeleteObject exactly where the permission map grants them', () => {
      const allowed = new Map([...functionIdsByGroup(template).keys()].map((group) => [group, allowedActionsOf(template, group)]));
      for (const [group, actions] of allowed) {
        expect([group, [...actions].filter((a) => a === 'dynamodb:*' || a === 's3:*' || a.endsWith(':*'))]).toEqual([group, []]);
      }
      const groupsWith = (action: string) =>
        [...allowed]
          .filter(([, actions]) => actions.has(action))
          .map(([group]) => group)
          .sort();
      // The map (group-permissions.ts) is checked against each group's code by group-permissions.test.ts.
      const grantedBy = (test: (permissions: (typeof groupPermissions)[FunctionGroup]) => boolean) =>
        (Object.keys(groupPermissions) as FunctionGroup[]).filter((group) => test(groupPermissions[group])).sort();
      expect(groupsWith('dynamodb:Scan')).toEqual(['dispatch']);
      for (const action of ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem'] as const)
        expect([action, groupsWith(action)]).toEqual([action, grantedBy((permissions) => permissions.table.includes(action))]);
      expect(groupsWith('s3:DeleteObject')).toEqual(grantedBy((permissions) => permissions.files.includes('s3:DeleteObject')));
      // The signing key only where the map says its code signs or checks tokens (dispatch: an operation's PDF printed locally signs its print token).
      expect(groupsWith('secretsmanager:GetSecretValue')).toEqual(grantedBy((permissions) => permissions.readsSigningKey));
    });

    it('iam: the groups that hand committed jobs over (runSoon) may invoke the dispatch function, and nothing else may', () => {
      const allowed = new Map([...functionIdsByGroup(template).keys()].map((group) => [group, allowedActionsOf(template, group)]));
      const invokers = [...allowed]
        .filter(([, actions]) => actions.has('lambda:InvokeFunction'))
        .map(([group]) => group)
        .sort();
      // One delivery path: every group whose requests cause a mail hands its jobs to dispatch.
      expect(invokers).toEqual((Object.keys(groupPermissions) as FunctionGroup[]).filter((group) => groupPermissions[group].runsJobsSoon).sort());
      expect(invokers).toEqual(expect.arrayContaining(['auth', 'booking', 'buyer-area', 'planning-actions', 'plannings', 'programs']));
    });

    it('dispatch: its ARN is known to the functions that schedule jobs without a reference cycle', () => {
      template.hasResourceProperties('AWS::Lambda::Function', { FunctionName: 'Livrea-dev-dispatch', Description: 'Livrea dispatch' });
    });
  });

  describe('bundling', () => {
    it('bundling: local esbuild (no Docker), minified CommonJS for node22, its source map kept out of the bundle, @aws-sdk left to the runtime', () => {
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
        const assetPath: string = fn.node
          .findAll()
          .map((c) => (c as { assetPath?: string }).assetPath)
          .find(Boolean)!;
        const bundleDir = path.join(outdir, 'cdk.out', assetPath);
        expect(fs.existsSync(dockerMark)).toBe(false);
        const code = fs.readFileSync(path.join(bundleDir, 'index.js'), 'utf8');
        expect(fs.existsSync(path.join(bundleDir, 'index.js.map'))).toBe(false);
        expect(code).not.toContain('sourceMappingURL');
        expect(JSON.parse(fs.readFileSync(path.join(outdir, 'cdk.out', sourceMapPathOf('dispatch')), 'utf8')).sources).toEqual(
          expect.arrayContaining([expect.stringContaining('functions/dispatch/handler.ts')]),
        );
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

      expect(
        Object.values(routes)
          .map((r) => r.Properties.RouteKey)
          .sort(),
      ).toEqual(deployed.map((r) => `${r.method} ${r.path}`).sort());
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

    it('api: the $default stage is throttled and writes JSON access logs (route templates, never raw paths) to a log group kept one month', () => {
      template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
      const stage = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Stage'))[0].Properties;
      expect(stage).toMatchObject({
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingBurstLimit: apiThrottle.burstLimit, ThrottlingRateLimit: apiThrottle.rateLimit },
        AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [expect.stringMatching(/^ApiAccessLogs/), 'Arn'] } },
      });
      const format = JSON.parse(stage.AccessLogSettings.Format);
      expect(format).toMatchObject({ requestId: '$context.requestId', routeKey: '$context.routeKey', status: '$context.status' });
      expect(JSON.stringify(format)).not.toMatch(/\$context\.path|rawPath|querystring/i);
      const logGroupId = stage.AccessLogSettings.DestinationArn['Fn::GetAtt'][0];
      expect(resourcesOf(template, 'AWS::Logs::LogGroup')[logGroupId].Properties.RetentionInDays).toBe(30);
    });

    it('api: the execute-api endpoint answers only CloudFront: the distribution sends the generated origin secret, every API function checks it', () => {
      const reference = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: expect.stringMatching(/^OriginVerifySecret/) }, ':SecretString:::}}']] };
      const distribution = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
      const apiOrigin = distribution.Origins.find((origin: Json) => origin.CustomOriginConfig);
      expect(apiOrigin.OriginCustomHeaders).toEqual([{ HeaderName: originHeader, HeaderValue: reference }]);
      const all = resourcesOf(template, 'AWS::Lambda::Function');
      for (const [group, id] of functionIdsByGroup(template)) {
        const value = all[id].Properties.Environment.Variables.ORIGIN_VERIFY_SECRET;
        if (group === 'dispatch') expect(value).toBeUndefined();
        else expect([group, value]).toEqual([group, reference]);
      }
      template.hasResourceProperties('AWS::SecretsManager::Secret', {
        GenerateSecretString: Match.objectLike({ PasswordLength: 48, ExcludePunctuation: true }),
      });
    });

    it('api: API Gateway may invoke each API function (one permission per function, not per route)', () => {
      // Plus one: the sweep rule invokes dispatch.
      template.resourceCountIs('AWS::Lambda::Permission', groups.length + 1);
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
      const secured = policies
        .map((p) => p.Properties.Bucket.Ref)
        .filter((ref) =>
          policies.some(
            (p) =>
              p.Properties.Bucket.Ref === ref &&
              p.Properties.PolicyDocument.Statement.some((s: Json) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false'),
          ),
        );
      expect(new Set(secured)).toEqual(new Set(Object.keys(buckets)));
    });

    it('files: the site may PUT to presigned upload URLs (part 2 §5), and unread uploads expire after a day', () => {
      const files = Object.entries(resourcesOf(template, 'AWS::S3::Bucket')).find(([id]) => id.startsWith('FilesBucket'))![1];
      expect(files.Properties.CorsConfiguration.CorsRules).toEqual([
        expect.objectContaining({ AllowedMethods: ['PUT'], AllowedHeaders: ['content-type'], AllowedOrigins: [expect.anything()] }),
      ]);
      expect(files.Properties.LifecycleConfiguration.Rules).toEqual([
        expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
        expect.objectContaining({ Prefix: 'downloads/', ExpirationInDays: 1, Status: 'Enabled' }),
      ]);
    });

    it('spa: nothing is deployed to the SPA bucket when there is no web build', () => {
      template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    });

    it('spa: web/dist is deployed (assets, then the two HTML pages, never cached) and their paths invalidated when the build exists', () => {
      const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'livrea-dist-'));
      try {
        fs.mkdirSync(path.join(dist, 'assets'));
        fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Livrea</title>');
        fs.writeFileSync(path.join(dist, 'entrevue.html'), '<!doctype html><title>Votre rendez-vous</title>');
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
          DistributionPaths: ['/index.html', '/entrevue.html'],
          SourceObjectKeys: [Match.anyValue(), Match.anyValue()],
        });
        // The year-long cache is for hashed assets only: neither HTML page is in that deployment.
        const assetsDeployment = Object.values(resourcesOf(withDist, 'Custom::CDKBucketDeployment')).find(
          (resource) => resource.Properties.SystemMetadata['cache-control'] !== 'no-cache',
        );
        expect(JSON.stringify(assetsDeployment?.Properties)).not.toContain('.html');
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
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Allow', Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' })]),
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
              DomainName: {
                'Fn::Join': ['', [{ Ref: Match.stringLikeRegexp('^Api') }, '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }]],
              },
              CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
            }),
          ]),
        }),
      });
    });

    it("cloudfront: /api/* forwards CloudFront-Viewer-Address, the visitor's address the functions read (part 1 §2)", () => {
      // Managed-AllViewerExceptHostHeader: all viewer headers but Host, plus all CloudFront headers.
      const allViewerExceptHostWithCloudFrontHeaders = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
      expect(apiOriginRequestPolicy.originRequestPolicyId).toBe(allViewerExceptHostWithCloudFrontHeaders);
      expect(viewerAddressHeader).toBe('CloudFront-Viewer-Address'.toLowerCase());
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          CacheBehaviors: [Match.objectLike({ PathPattern: '/api/*', OriginRequestPolicyId: allViewerExceptHostWithCloudFrontHeaders })],
        }),
      });
    });

    it("cloudfront: the SPA and the API answer with HSTS, nosniff, DENY framing, a same-origin referrer and the SPA's CSP", () => {
      const policies = resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy');
      expect(Object.keys(policies)).toHaveLength(1);
      const [policyId] = Object.keys(policies);
      const security = policies[policyId].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
      expect(security).toMatchObject({
        StrictTransportSecurity: { AccessControlMaxAgeSec: 31_536_000, IncludeSubdomains: true, Override: true },
        ContentTypeOptions: { Override: true },
        FrameOptions: { FrameOption: 'DENY', Override: true },
        ReferrerPolicy: { ReferrerPolicy: 'same-origin', Override: true },
      });
      const distribution = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
      expect(distribution.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
      expect(distribution.CacheBehaviors[0].ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    });

    it('cloudfront: the CSP allows only what the SPA loads: own scripts, inline styles (FullCalendar), data: fonts, data:/blob: and files bucket images, API and files bucket calls', () => {
      const policy = Object.values(resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy'))[0];
      const csp = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy;
      expect(csp.Override).toBe(true);
      // The files bucket's domain is a token: the policy is a Fn::Join around it.
      const [, parts] = csp.ContentSecurityPolicy['Fn::Join'];
      const text = parts.map((part: Json) => (typeof part === 'string' ? part : '<files-bucket>')).join('');
      const directives = new Map<string, string>(text.split('; ').map((d: string) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
      expect(Object.fromEntries(directives)).toEqual({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': "'self' 'unsafe-inline'",
        'img-src': "'self' data: blob: https://<files-bucket>",
        'font-src': "'self' data:",
        'connect-src': "'self' https://<files-bucket>",
        'object-src': "'none'",
        'frame-src': 'https://my.matterport.com',
        'frame-ancestors': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
        'upgrade-insecure-requests': '',
      });
      expect(parts).toContainEqual({ 'Fn::GetAtt': [expect.stringMatching(/^FilesBucket/), 'RegionalDomainName'] });
    });

    it.each(['index.html', 'entrevue.html'])('cloudfront: the page %s has no inline script or style the CSP would block', (page) => {
      // web/<page> is what Vite turns into web/dist/<page> (module script and stylesheet links only).
      const html = fs.readFileSync(path.join(projectRoot, 'web', page), 'utf8');
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
      expect(html).not.toMatch(/<style[\s>]/i);
      expect(html).not.toMatch(/\son[a-z]+=/i);
      const built = path.join(projectRoot, 'web', 'dist', page);
      if (fs.existsSync(built)) {
        const dist = fs.readFileSync(built, 'utf8');
        expect(dist).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
        expect(dist).not.toMatch(/<style[\s>]/i);
      }
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
      // The buyer's booking page is its own entry, even for a damaged link (it says 'Rendez-vous non trouvé').
      expect(uriAfter('/entrevue/3f2c9a0e-1b7d-4c2e-9f10-8a6b5c4d3e2f')).toBe('/entrevue.html');
      expect(uriAfter('/entrevue/abc.def')).toBe('/entrevue.html');
      expect(uriAfter('/entrevue')).toBe('/entrevue.html');
      expect(uriAfter('/entrevues-passees')).toBe('/index.html');
      expect(uriAfter('/plannings/42/consolidated')).toBe('/index.html');
      expect(uriAfter('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
      expect(uriAfter('/favicon.svg')).toBe('/favicon.svg');
    });
  });

  describe('scheduler', () => {
    it('scheduler: a schedule group for Livrea jobs exists', () => {
      template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
      template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'Livrea-dev-jobs' });
    });

    it('scheduler: its role is assumable by scheduler.amazonaws.com and can only invoke dispatch and send to the dead-letter queue', () => {
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
      expect(statements).toHaveLength(2);
      expect(statements.every((s) => s.Effect === 'Allow')).toBe(true);
      expect(actionsOf(statements[0])).toEqual(['lambda:InvokeFunction']);
      for (const resource of [statements[0].Resource].flat()) {
        expect(JSON.stringify(resource)).toContain(`"${dispatchId}"`);
      }
      expect(statements[1]).toEqual({
        Effect: 'Allow',
        Action: 'sqs:SendMessage',
        Resource: { 'Fn::GetAtt': [expect.stringMatching(/^SchedulerDeadLetters/), 'Arn'] },
      });
    });

    it('scheduler: schedule targets get an encrypted, TLS-only dead-letter queue whose ARN the functions know', () => {
      template.resourceCountIs('AWS::SQS::Queue', 1);
      template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 1_209_600 });
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
      });
      template.hasOutput('SchedulerDeadLetterQueueUrl', Match.anyValue());
    });

    it('scheduler: an EventBridge rule invokes dispatch every minute with {"sweep": true}', () => {
      const rules = Object.values(resourcesOf(template, 'AWS::Events::Rule'));
      expect(rules).toHaveLength(1);
      expect(rules[0].Properties.ScheduleExpression).toBe('rate(1 minute)');
      expect(rules[0].Properties.Targets).toHaveLength(1);
      expect(rules[0].Properties.Targets[0].Arn).toEqual({ 'Fn::GetAtt': [functionIdsByGroup(template).get('dispatch'), 'Arn'] });
      expect(JSON.parse(rules[0].Properties.Targets[0].Input)).toEqual({ sweep: true });
      expect(sweepInput).toEqual({ sweep: true });
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Principal: 'events.amazonaws.com',
        FunctionName: { 'Fn::GetAtt': [functionIdsByGroup(template).get('dispatch'), 'Arn'] },
      });
    });

    it("scheduler: scheduling functions manage only this group's schedules and pass only the dispatch role", () => {
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
        expect(actionsOf(schedulerStatements[0]).sort()).toEqual(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']);
        expect(JSON.stringify(schedulerStatements[0].Resource)).toMatch(/:schedule\/Livrea-dev-jobs\/\*"/);
        expect(passRole).toHaveLength(1);
        expect(passRole[0].Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^SchedulerInvokeDispatchRole/), 'Arn'] });
        expect(passRole[0].Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
      }
      expect(schedulingGroups.has('dispatch')).toBe(true);
    });
  });

  describe('messaging', () => {
    it('messaging: the groups that send mail may SES SendEmail on the configured identity only; the others have no ses:* at all', () => {
      for (const [group, id] of functionIdsByGroup(template)) {
        const ses = statementsOfRole(template, roleIdOfFunction(template, id)).filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
        if (!groupPermissions[group as FunctionGroup].sendsMail) {
          expect([group, ses]).toEqual([group, []]);
          continue;
        }
        expect(ses).toHaveLength(1);
        expect(actionsOf(ses[0])).toEqual(['ses:SendEmail']);
        expect(ses[0].Resource).toEqual({
          'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':identity/livrea.fr']],
        });
      }
    });

    it('messaging: SMS senders publish straight to phones (topics and endpoints denied); the other groups have no sns:* at all', () => {
      const smsGroups = Object.entries(groupPermissions)
        .filter(([, p]) => p.sendsSms)
        .map(([group]) => group)
        .sort();
      // Only the dispatcher sends (every mail and SMS is a job).
      expect(smsGroups).toEqual(['dispatch']);
      for (const [group, id] of functionIdsByGroup(template)) {
        const sns = statementsOfRole(template, roleIdOfFunction(template, id)).filter((s) => actionsOf(s).some((a) => a.startsWith('sns:')));
        if (!smsGroups.includes(group)) {
          expect([group, sns]).toEqual([group, []]);
          continue;
        }
        expect(sns).toEqual([
          { Sid: 'SendSmsToPhoneNumbers', Action: 'sns:Publish', Effect: 'Allow', Resource: '*' },
          {
            Sid: 'NoPublishToTopicsOrEndpoints',
            Action: 'sns:Publish',
            Effect: 'Deny',
            Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':sns:*:*:*']] },
          },
        ]);
      }
    });
  });

  describe('secret', () => {
    it('secret: the token signing key is a generated Secrets Manager secret (beside the origin secret and the credits password hash of part 3)', () => {
      template.resourceCountIs('AWS::SecretsManager::Secret', 3);
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

    it.each(['Errors', 'Throttles'])('alarms: every function alarms on its %s, at least one over 5 minutes', (metricName) => {
      const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).filter((a) => a.Properties.MetricName === metricName);
      const watched = alarms.map((a) => {
        expect(a.Properties).toMatchObject({
          Namespace: 'AWS/Lambda',
          Statistic: 'Sum',
          Period: 300,
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        });
        return a.Properties.Dimensions[0].Value.Ref;
      });
      expect(watched.sort()).toEqual([...functionIdsByGroup(template).values()].sort());
    });

    it('alarms: jobs: more than N failed attempts in 5 minutes, and any dead-lettered job (namespace Livrea, no dimension)', () => {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'Livrea',
        MetricName: 'JobFailed',
        Statistic: 'Sum',
        Period: 300,
        Threshold: jobFailedThreshold,
        ComparisonOperator: 'GreaterThanThreshold',
        Dimensions: Match.absent(),
      });
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'Livrea',
        MetricName: 'JobDeadLettered',
        Statistic: 'Sum',
        Period: 300,
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        Dimensions: Match.absent(),
      });
    });

    it('alarms: any message in the scheduler dead-letter queue', () => {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^SchedulerDeadLetters'), 'QueueName'] } }],
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
      });
    });

    it('alarms: DynamoDB read and write throttling on the table', () => {
      for (const metricName of ['ReadThrottleEvents', 'WriteThrottleEvents']) {
        template.hasResourceProperties('AWS::CloudWatch::Alarm', {
          Namespace: 'AWS/DynamoDB',
          MetricName: metricName,
          Dimensions: [{ Name: 'TableName', Value: { Ref: Match.stringLikeRegexp('^DataTable') } }],
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        });
      }
    });

    it('alarms: SES account bounce rate above 2 % and complaint rate above 0.05 %', () => {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SES',
        MetricName: 'Reputation.BounceRate',
        Threshold: 0.02,
        ComparisonOperator: 'GreaterThanThreshold',
      });
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SES',
        MetricName: 'Reputation.ComplaintRate',
        Threshold: 0.0005,
        ComparisonOperator: 'GreaterThanThreshold',
      });
    });

    it('alarms: every alarm notifies one TLS-only topic, which has no subscriber in dev without an alarm e-mail', () => {
      template.resourceCountIs('AWS::SNS::Topic', 1);
      template.resourceCountIs('AWS::SNS::Subscription', 0);
      template.hasResourceProperties('AWS::SNS::TopicPolicy', {
        PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
      });
      const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
      // 5xx, errors and throttles per function, 2 table throttles, 2 job metrics, the DLQ, 2 SES rates.
      expect(alarms).toHaveLength(1 + 2 * allGroups.length + 2 + 2 + 1 + 2);
      for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmsTopic/) }]);
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
      template.hasOutput('SiteUrl', {
        Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^SiteDistribution'), 'DomainName'] }]] },
      });
      template.hasOutput('ApiUrl', Match.anyValue());
      template.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('^DataTable') } });
    });

    it('stack: environment-agnostic, named after the stage (dev by default)', () => {
      expect(stack.stackName).toBe('Livrea-dev');
      expect(stack.settings.stage).toBe('dev');
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
            Action: 'ses:SendEmail',
            Resource: { 'Fn::Join': ['', Match.arrayWith([':identity/mail.example.fr'])] },
          }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ MAIL_FROM: 'noreply@mail.example.fr', SMS_SENDER_ID: 'LivreaTest' }) },
    });
  });

  it('context: publicUrl is the only origin the files bucket accepts presigned uploads (PUT) from', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [{ AllowedMethods: ['PUT'], AllowedOrigins: ['https://app.livrea.fr'], AllowedHeaders: ['content-type'], MaxAge: 3600 }],
      },
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
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@livrea.fr',
      TopicArn: { Ref: Match.stringLikeRegexp('^AlarmsTopic') },
    });
    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
    expect(alarms.length).toBeGreaterThan(allGroups.length * 2);
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmsTopic/) }]);
    }
  });
});
