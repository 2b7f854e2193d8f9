import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { contentSecurityPolicy } from '../../../infra/constructs/spa-site';

/**
 * docs/deploy.md quotes the CSP the stack sends (infra/constructs/spa-site.ts), the files bucket's
 * address written as a placeholder: the block after "this CSP" is the policy, word for word.
 */
it("docs/deploy.md's CSP block is the policy infra/constructs/spa-site.ts builds for the stack", () => {
  const deployDoc = readFileSync(resolve(__dirname, '../../../docs/deploy.md'), 'utf8');
  const block = /this CSP[^`]*```\n([\s\S]*?)\n```/.exec(deployDoc)?.[1];
  const bucket = 'https://<files bucket regional domain>';
  expect(block?.split(/\s+/).join(' ')).toBe(contentSecurityPolicy([bucket], [bucket]));
});
