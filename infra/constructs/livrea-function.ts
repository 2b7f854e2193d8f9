import * as path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { Charset, NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** The repository root: the entries, package-lock.json and tsconfig.json live there. */
export const projectRoot = path.resolve(__dirname, '..', '..');

/**
 * `api`: behind API Gateway, whose integration timeout is 30 s.
 * `job`: invoked by EventBridge Scheduler (dispatch), may send a batch of messages.
 */
type LivreaFunctionKind = 'api' | 'job';

export interface LivreaFunctionProps {
  /** The call group: the code is `functions/<group>/handler.ts`, export `handler`. */
  readonly group: string;
  readonly kind: LivreaFunctionKind;
  /** Environment added to the default (POWERTOOLS_SERVICE_NAME). */
  readonly environment?: Record<string, string>;
  /** Only when something must know the ARN before the function exists (see the stack). */
  readonly functionName?: string;
  // part 2 §2.9: the PDF renderer needs more memory and ships Chromium's compressed build beside its code.
  /** Memory in MB when 512 is not enough. */
  readonly memorySize?: number;
  /** Directories of the repository copied into the bundle (relative source → directory in the bundle). */
  readonly bundleDirectories?: readonly { readonly from: string; readonly to: string }[];
  /** Instances kept for this function alone, and its most (docs/deploy.md « Lambda concurrency »); unset or 0: unreserved. */
  readonly reservedConcurrency?: number;
}

const timeouts: Record<LivreaFunctionKind, Duration> = {
  api: Duration.seconds(29),
  job: Duration.minutes(5),
};

/**
 * Where a synth leaves the source map of a group's bundle, relative to the cloud assembly
 * (cdk.out): beside the assets, never inside one, so it is not uploaded.
 */
export function sourceMapPathOf(group: string): string {
  return path.join('source-maps', group, 'index.js.map');
}

/** The entry file of a group, relative to the repository root. */
export function entryOf(group: string): string {
  return path.join('functions', group, 'handler.ts');
}

/**
 * Every Lambda of Livrea, with all the defaults in one place: Node 22 on arm64, X-Ray tracing,
 * 512 MB, its own log group kept one month, and bundling with the local esbuild (never Docker):
 * minified CommonJS, @aws-sdk/* left to the runtime. The source map is not shipped: it was 3.7×
 * the code in every zip and, loaded by --enable-source-maps, slowed every stack trace. esbuild
 * writes it without a sourceMappingURL and it is moved out of the bundle to
 * cdk.out/source-maps/<group>/ (sourceMapPathOf), where it maps a deployed stack trace back.
 */
export class LivreaFunction extends NodejsFunction {
  readonly group: string;
  /** Absolute path of the bundled entry file. */
  readonly entry: string;

  constructor(scope: Construct, id: string, props: LivreaFunctionProps) {
    // Created beside the function (a child cannot exist before super()).
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const entry = path.join(projectRoot, entryOf(props.group));
    super(scope, id, {
      entry,
      handler: 'handler',
      projectRoot,
      depsLockFilePath: path.join(projectRoot, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: timeouts[props.kind],
      tracing: Tracing.ACTIVE,
      logGroup,
      functionName: props.functionName,
      ...(props.reservedConcurrency ? { reservedConcurrentExecutions: props.reservedConcurrency } : {}),
      description: `Livrea ${props.group}`,
      environment: {
        POWERTOOLS_SERVICE_NAME: `livrea-${props.group}`,
        ...props.environment,
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.CJS,
        target: 'node22',
        minify: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.EXTERNAL,
        // French strings stay readable (and smaller) instead of \u escapes.
        charset: Charset.UTF8,
        externalModules: ['@aws-sdk/*'],
        tsconfig: path.join(projectRoot, 'tsconfig.json'),
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir: string, outputDir: string) => {
            // The bundle is built in a directory of the cloud assembly, hashed once these commands ran.
            const sourceMap = path.join(path.dirname(outputDir), sourceMapPathOf(props.group));
            return [
              `mkdir -p "${path.dirname(sourceMap)}"`,
              `mv "${path.join(outputDir, 'index.js.map')}" "${sourceMap}"`,
              ...(props.bundleDirectories ?? []).map(({ from, to }) => `cp -r "${path.join(inputDir, from)}" "${path.join(outputDir, to)}"`),
            ];
          },
        },
      },
    });

    this.group = props.group;
    this.entry = entry;
  }
}
