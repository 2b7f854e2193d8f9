import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * A 256-bit key kept in a file, created on first use. Several processes may ask at once (the local
 * server and its workers): the file is created exclusively, and whoever loses the race reads the
 * winner's key, so every process signs and checks with the same one.
 */
export async function readOrCreateKeyFile(path: string): Promise<Buffer> {
  const read = async () => Buffer.from((await readFile(path, 'utf8')).trim(), 'base64');
  try {
    const key = await read();
    if (key.length === 32) return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(path), { recursive: true });
  const key = randomBytes(32);
  try {
    await writeFile(path, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return read();
  }
}
