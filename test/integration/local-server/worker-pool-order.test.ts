import { startTestPool } from '../../support/test-pool';

/**
 * The local pool stands in for two sets of Lambda instances, the API's and the dispatch
 * function's: while every worker is busy, a waiting API request goes before waiting jobs, so that
 * the mails a burst of bookings hands over do not hold the workers the next buyers wait for.
 */
describe('local worker pool: API requests before jobs', () => {
  it('with its one worker busy, an API request that comes after three jobs is served before them', async () => {
    const workers = await startTestPool({ size: 1 });
    try {
      const order: string[] = [];
      const health = { method: 'GET', url: '/api/health', headers: {}, sourceIp: '10.0.0.1' };
      // The worker takes this request at once; what follows waits for it.
      const first = workers.pool.dispatch(health).then(() => order.push('api 1'));
      const jobs = [1, 2, 3].map((n) => workers.pool.runJob({ jobId: `job-absent-${n}` }).then(() => order.push(`job ${n}`)));
      const second = workers.pool.dispatch(health).then(() => order.push('api 2'));
      await Promise.all([first, second, ...jobs]);
      expect(order).toEqual(['api 1', 'api 2', 'job 1', 'job 2', 'job 3']);
    } finally {
      await workers.stop();
    }
  }, 60_000);
});
