import { readOrCreateKeyFile } from '../../functions/adapters/local/key-file';

/**
 * One process of the key-file race (test/unit/adapters/file-secret-provider.test.ts): waits for the
 * agreed instant, then asks for each key file of the list in turn, as a worker of the local runtime
 * does at its first request, and prints the keys it got (base64, one per file) as JSON.
 */
async function race(): Promise<void> {
  const { paths, startAt } = JSON.parse(process.argv[2]) as { paths: string[]; startAt: number };
  // not a wait: the agreed start instant, so that the processes ask at the same moment.
  while (Date.now() < startAt) await new Promise((resolve) => setImmediate(resolve));
  const keys: string[] = [];
  for (const path of paths) keys.push((await readOrCreateKeyFile(path)).toString('base64'));
  process.stdout.write(JSON.stringify(keys));
}

void race();
