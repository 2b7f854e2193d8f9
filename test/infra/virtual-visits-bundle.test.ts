import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { LivreaFunction } from '../../infra/constructs/livrea-function';
import { functionOverrides, geoipDataDirectory } from '../../infra/stacks/function-overrides';
import { cdkJsonContext, functionIdsByGroup, resourcesOf, synth } from './support/synth';

// Bundling for real and copying 150 MB of database files takes a while on a loaded machine.
jest.setTimeout(300_000);

const geoipFiles = ['geoip-city.dat', 'geoip-city6.dat', 'geoip-city-names.dat', 'geoip-country.dat', 'geoip-country6.dat'];

/** issue 16 §2: the view logs are located offline by geoip-lite, whose database must reach Lambda. */
describe('virtual-visits function: geoip-lite and its database are packaged (issue 16 §2)', () => {
  it('the function is told where the database is (GEODATADIR, an absolute path inside /var/task)', () => {
    const { template } = synth();
    const id = functionIdsByGroup(template).get('virtual-visits')!;
    const variables = resourcesOf(template, 'AWS::Lambda::Function')[id].Properties.Environment.Variables;
    expect(variables.GEODATADIR).toBe(`/var/task/${geoipDataDirectory}`);
  });

  it("bundling puts geoip-lite's code in the bundle and its database files beside it, where GEODATADIR points", () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'livrea-virtual-visits-'));
    try {
      const app = new App({ outdir: path.join(outdir, 'cdk.out'), context: cdkJsonContext });
      const fn = new LivreaFunction(new Stack(app, 'VirtualVisits'), 'VirtualVisits', { group: 'virtual-visits', kind: 'api', ...functionOverrides['virtual-visits'] });
      app.synth();
      const assetPath: string = fn.node.findAll().map((c) => (c as { assetPath?: string }).assetPath).find(Boolean)!;
      const bundleDir = path.join(outdir, 'cdk.out', assetPath);
      for (const file of geoipFiles) expect([file, fs.statSync(path.join(bundleDir, geoipDataDirectory, file)).size]).toEqual([file, fs.statSync(path.join('node_modules/geoip-lite/data', file)).size]);
      const code = fs.readFileSync(path.join(bundleDir, 'index.js'), 'utf8');
      // The package's code is bundled (its data file names are in it), not required from a node_modules Lambda does not have.
      expect(code).toContain('geoip-city-names.dat');
      expect(code).not.toMatch(/require\(["']geoip-lite["']\)/);
      // /var/task/geoip-data is GEODATADIR: the bundle has nothing else it would need at run time.
      expect(fs.existsSync(path.join(bundleDir, 'node_modules'))).toBe(false);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });
});
