import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { getDeps } from '../../functions/runtime/deps';

/** Every item of the table (tests only: proving an erasure left nothing). */
export async function scanTable(): Promise<Record<string, unknown>[]> {
  const { store: db } = getDeps();
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(new ScanCommand({ TableName: db.table, ExclusiveStartKey: cursor }));
    items.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return items;
}

/** Every key of the local file store. */
export async function storedFiles(): Promise<string[]> {
  const root = join(process.env.LIVREA_DATA_DIR!, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The items that name one of `needles` and are not `kept`, as `pk sk`. */
export async function itemsNaming(needles: string[], kept: (item: Record<string, unknown>) => boolean): Promise<string[]> {
  return (await scanTable())
    .filter((item) => !kept(item) && needles.some((needle) => JSON.stringify(item).includes(needle)))
    .map((item) => `${String(item.pk)} ${String(item.sk)}`);
}

/**
 * What outlives a program's deletion, and why: the appointment log (`RDVLOG#`, the invoicing
 * record of a planning's creation: program and planning names, no buyer), the purge job's own
 * record reduced to the program's id (the trace that the deletion ran), and the local outbox
 * (`OUTBOX`, `OUTBOXKEY#`: the local runtime's copy of what SES would have sent; in AWS sent mail
 * is not stored). Accounts are not the program's: the caller keeps them.
 */
export function keptAfterProgramDeletion(programId: string, purgeKind: string) {
  return (item: Record<string, unknown>): boolean => {
    const pk = String(item.pk);
    if (item.kind === purgeKind && JSON.stringify(item.payload) === JSON.stringify({ programId })) return true;
    return pk.startsWith('RDVLOG#') || pk === 'OUTBOX' || pk.startsWith('OUTBOXKEY#');
  };
}
