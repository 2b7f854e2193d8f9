import { healthAnswer } from '../../../functions/runtime/health';

describe('GET /api/health answer', () => {
  it('names the Node version of the handlers on the local runtime (npm start is checked to run on 22)', () => {
    expect(healthAnswer('local', 'v22.23.5')).toEqual({ status: 'ok', runtime: 'local', node: 'v22.23.5' });
  });

  it('on AWS, a public route, it does not name the Node version', () => {
    expect(healthAnswer('aws', 'v22.23.5')).toEqual({ status: 'ok', runtime: 'aws' });
  });
});
