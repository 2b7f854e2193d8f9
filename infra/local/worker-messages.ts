import type { LocalRequest, LocalResponse } from './api-dispatcher';

/** What the pool asks a worker: an API request, or a dispatch event (a job, or jobs handed over by runSoon). */
export type PoolTask =
  | { id: number; kind: 'api'; request: LocalRequest }
  | { id: number; kind: 'job'; event: { jobId: string } | { jobIds: string[] } }
  /** The product moves to another table (local-product.ts `useTable`): these variables, then dependencies built again. */
  | { id: number; kind: 'environment'; changes: Record<string, string> };

/** What a worker tells the pool. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'started'; id: number }
  | { type: 'run-soon'; jobIds: string[] }
  | { type: 'done'; id: number; response?: LocalResponse }
  | { type: 'failed'; id: number; message: string };

/** A Buffer sent over IPC (advanced serialization) arrives as a Uint8Array: the same bytes, as a Buffer. */
export function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
