import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable } from '../../infra/local/create-table';
import { startDynamoDbLocal } from '../../infra/local/dynamodb-local';
import { clientFile, clientRows } from '../../test/support/client-file';

/** Issue 4: a 5,000-row client file imports in under 10 s. */
export const importBudgetMs = 10_000;

/** Client-file import: a 5,000-row .xlsx read, checked and written to DynamoDB Local; fails above the budget. */
export async function runImportBench(rowsCount = 5000, runs = 3): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dynamo = await startDynamoDbLocal();
  Object.assign(process.env, {
    LIVREA_RUNTIME: 'local',
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    TABLE_NAME: 'bench-import',
    LIVREA_DATA_DIR: mkdtempSync(join(tmpdir(), 'livrea-bench-')),
  });
  try {
    await ensureTable(dynamo.client, 'bench-import');
    const { getDeps } = await import('../../functions/runtime/deps');
    const { readClientFile } = await import('../../functions/core/lots/read-client-file');
    const { importLots } = await import('../../functions/core/lots/import-lots');
    const deps = getDeps();
    const timings: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const file = await clientFile(clientRows(rowsCount, `R${run}`));
      const started = performance.now();
      const { rows, errors } = await readClientFile(file);
      if (errors.length > 0) throw new Error(`unexpected errors: ${JSON.stringify(errors.slice(0, 3))}`);
      const result = await importLots(deps, `bench-program-${run}`.padEnd(24, '0'), rows);
      timings.push(performance.now() - started);
      if (result.created !== rowsCount) throw new Error('import incomplete');
    }
    const sorted = [...timings].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(`\nClient-file import, ${rowsCount} rows (.xlsx read + checks + writes to DynamoDB Local), ${runs} runs`);
    console.log(`bench import-${rowsCount} import median_ms=${median.toFixed(0)} max_ms=${sorted[sorted.length - 1].toFixed(0)}`);
    if (rowsCount >= 5000 && median > importBudgetMs) throw new Error(`import of ${rowsCount} rows took ${median.toFixed(0)} ms (budget ${importBudgetMs} ms)`);
  } finally {
    await dynamo.stop();
  }
}

if (require.main === module) {
  runImportBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
