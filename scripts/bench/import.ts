import { ensureTable } from '../../infra/local/create-table';
import { benchDynamo, stopBenchDynamo } from './bench-dynamo';
import { clientFile, clientRows } from '../../test/support/client-file';

/** Issue 4: a 5,000-row client file imports in under 10 s. */
export const importBudgetMs = 10_000;

/** Client-file import: a 5,000-row .xlsx read, checked and written to DynamoDB Local; fails above the budget. */
export async function runImportBench(rowsCount = 5000, runs = 3): Promise<void> {
  const dynamo = await benchDynamo();
  await ensureTable(dynamo.client, 'bench');
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
}

/** Time and peak memory of reading one hostile file; prints a bench line, never fails on figures. */
async function measureHostile(label: string, content: Buffer): Promise<void> {
  const { readClientFile } = await import('../../functions/core/lots/read-client-file');
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  let outcome: string;
  try {
    const { rows, errors } = await readClientFile(content);
    outcome = `read rows=${rows.length} errors=${errors.length}`;
  } catch (error) {
    outcome = `refused status=${(error as { status?: number }).status} "${(error as Error).message}"`;
  }
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`bench import-hostile ${label} file_kb=${(content.length / 1024).toFixed(0)} ms=${elapsed.toFixed(0)} rss_growth_mb=${((peak - before) / 2 ** 20).toFixed(0)} ${outcome}`);
}

/**
 * Issue 10 point 9: a 312 KB zip bomb took 13.9 s and 822 MB; 200,000 rows took 49 s and 3.2 GB.
 * The same kinds of file now, read by the bounded reader.
 */
export async function runHostileImportBench(): Promise<void> {
  const { xlsxWithSheet } = await import('../../test/support/zip-builder');
  const { lotImportColumns } = await import('../../shared/domain/lot');
  const sheet = (rows: number) => {
    const row = (index: number) =>
      `<row r="${index}">${Array.from({ length: 14 }, (_, column) => `<c r="${String.fromCharCode(65 + column)}${index}" t="inlineStr"><is><t>${index === 1 ? lotImportColumns[column].header : `v${index}-${column}`}</t></is></c>`).join('')}</row>`;
    return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${Array.from({ length: rows }, (_, index) => row(index + 1)).join('')}</sheetData></worksheet>`);
  };
  const blank = (bytes: number) => Buffer.concat([Buffer.from('<worksheet><sheetData>'), Buffer.alloc(bytes, ' '), Buffer.from('</sheetData></worksheet>')]);
  console.log('\nHostile client files (issue 10 point 9): time and memory of the bounded reader');
  await measureHostile('zip-bomb-300MB-declared', xlsxWithSheet(blank(300 * 1024 * 1024)));
  await measureHostile('lying-sizes-200MB', xlsxWithSheet(blank(200 * 1024 * 1024), 4_000));
  await measureHostile('rows-200000', xlsxWithSheet(sheet(200_000)));
  // Under the 50 MB cap: read as a stream until the 10,000-row cap.
  await measureHostile('rows-50000', xlsxWithSheet(sheet(50_000)));
  const { clientFile, clientRows } = await import('../../test/support/client-file');
  const bad = clientRows(20_000).map((values) => ({ ...values, nom: '', typologie: '9p' }));
  await measureHostile('bad-rows-10000', await clientFile(bad.slice(0, 10_000)));
}

if (require.main === module) {
  runHostileImportBench()
    .then(() => runImportBench())
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => stopBenchDynamo());
}
