import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { groupPermissions, type GroupPermissions } from '../../../infra/stacks/group-permissions';

/**
 * docs/deploy.md's permission table is the map the stack grants from
 * (infra/stacks/group-permissions.ts), one row per function in the map's order: a grant added or
 * removed in the map must be written in the table, and the table names nothing the map does not.
 */
const header = '| function | table | files | mail | SMS | signing key | schedules | hands jobs to dispatch | credits password |';
const yes = (flag: boolean | undefined) => (flag ? 'yes' : '');

export function permissionRow(group: string, permissions: GroupPermissions): string {
  const table = permissions.table.map((action) => action.replace('dynamodb:', '').replace(/Item$/, '')).join(', ');
  const files = permissions.files
    .map((action) =>
      action
        .replace('s3:', '')
        .replace(/Object$/, '')
        .toLowerCase(),
    )
    .join(', ');
  const cells = [
    group,
    table,
    files,
    yes(permissions.sendsMail),
    yes(permissions.sendsSms),
    yes(permissions.readsSigningKey),
    yes(permissions.schedulesJobs),
    yes(permissions.runsJobsSoon),
    yes(permissions.readsCreditsPasswordHash),
  ];
  return `| ${cells.join(' | ')} |`.replace(/ {2,}/g, ' ');
}

/** The rows under the table's header and separator, spaces normalized. */
export function documentedRows(markdown: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === header);
  if (start < 0) return [];
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.trim().replace(/ {2,}/g, ' '));
  }
  return rows;
}

it("docs/deploy.md's permission table is infra/stacks/group-permissions.ts, row for row", () => {
  const deployDoc = readFileSync(resolve(__dirname, '../../../docs/deploy.md'), 'utf8');
  const expected = Object.entries(groupPermissions).map(([group, permissions]) => permissionRow(group, permissions));
  // On failure, the expected rows are the table to paste under the header.
  expect(documentedRows(deployDoc)).toEqual(expected);
});

it('a permission row names the actions shortly and leaves the unset flags empty', () => {
  const row = permissionRow('example', {
    table: ['dynamodb:GetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:Scan'],
    files: ['s3:GetObject'],
    sendsMail: true,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: false,
    runsJobsSoon: true,
  });
  expect(row).toBe('| example | Get, ConditionCheck, Scan | get | yes | | yes | | yes | |');
  expect(documentedRows(`${header}\n| --- |\n${row}\n\nafter`)).toEqual([row]);
});
