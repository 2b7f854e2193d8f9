import { call } from '../support/test-api';

describe('GET /api/health', () => {
  it('answers 200 {status: ok} with the runtime, without a session', async () => {
    const response = await call('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ status: 'ok', runtime: 'local', node: process.version });
  });

  it('a token, even a stale one, is not looked at (load balancers and people both call it)', async () => {
    const response = await call('GET', '/api/health', { token: 'pas-un-jeton' });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('ok');
  });
});
