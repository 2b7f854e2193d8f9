import { onRunSoon } from '../../functions/adapters/local/run-soon-signal';
import { createApiDispatcher, type LocalRequest } from './api-dispatcher';
import { toBuffer, type PoolTask, type WorkerMessage } from './worker-messages';

/**
 * One worker of the local pool (worker-pool.ts): a Lambda instance. It serves one task at a time,
 * an API request (the handler of the route's group, loaded on first use like a cold start) or a
 * dispatch event, and keeps nothing in common with the other workers but the table and the files.
 * The environment (table, DynamoDB endpoint, data folder) comes from the parent.
 */
function send(message: WorkerMessage): void {
  process.send?.(message);
}

// A job a request hands over goes to the parent, which gives it to a free worker (AWS: an
// asynchronous invocation of the dispatch function).
onRunSoon((jobIds) => send({ type: 'run-soon', jobIds }));

const dispatch = createApiDispatcher({ includeLocalRoutes: true });

async function run(task: PoolTask): Promise<void> {
  try {
    if (task.kind === 'environment') {
      Object.assign(process.env, task.changes);
      // Loaded here, not at the top: a worker loads the product's code on its first request, as a cold start.
      const { forgetLocalDeps } = await import('../../functions/runtime/deps');
      forgetLocalDeps();
      send({ type: 'done', id: task.id });
    } else if (task.kind === 'api') {
      const request: LocalRequest = { ...task.request, body: task.request.body ? toBuffer(task.request.body) : undefined };
      // The cold start (the group's handler loaded on first use) before the clock starts, as Lambda's init.
      await dispatch.load(request);
      send({ type: 'started', id: task.id });
      send({ type: 'done', id: task.id, response: await dispatch(request) });
    } else {
      const { handler } = await import('../../functions/dispatch/handler');
      send({ type: 'started', id: task.id });
      await handler(task.event);
      send({ type: 'done', id: task.id });
    }
  } catch (error) {
    // As Lambda logs an unhandled error before API Gateway answers 500.
    console.error(error);
    send({ type: 'failed', id: task.id, message: (error as Error).message });
  }
}

process.on('message', (task: PoolTask) => void run(task));
// The parent is gone (killed): so is this instance.
process.on('disconnect', () => process.exit(0));
// Ctrl-C reaches the whole terminal's process group: the parent stops the workers itself, in order.
process.on('SIGINT', () => undefined);
send({ type: 'ready' });
