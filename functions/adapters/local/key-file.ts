import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const keyBytes = 32;

/**
 * A 256-bit key kept in a file, created on first use. Several processes may ask at once (the local
 * server and its workers): each writes its candidate to a file of its own, then links it to the
 * key's name, which succeeds for one of them only and makes the file appear whole. Whoever loses
 * reads the winner's key, never a file still being written (a zero-length key once failed every
 * login of a worker that read it so), and every process signs and checks with the same one.
 */
export async function readOrCreateKeyFile(path: string): Promise<Buffer> {
  const read = async () => Buffer.from((await readFile(path, 'utf8')).trim(), 'base64');
  const existing = await read().catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing?.length === keyBytes) return existing;
  if (existing) throw new Error(`${path} holds no 256-bit key`);
  await mkdir(dirname(path), { recursive: true });
  const key = randomBytes(keyBytes);
  const candidate = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(candidate, key.toString('base64'), { mode: 0o600 });
  try {
    await link(candidate, path);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return read();
  } finally {
    await rm(candidate, { force: true });
  }
}
