import { pickTask } from '../../../infra/local/worker-pool';

/**
 * The local pool stands in for the API's Lambda instances and the dispatch function's: on AWS a
 * job never slows a request, here they share the machine, so a due job waits while requests run
 * (at most 3 s: a steady stream of requests does not starve it).
 */
describe('local worker pool: which queued task a free worker takes', () => {
  const at = 10_000;

  it('the oldest API request, before any job queued earlier', () => {
    expect(
      pickTask(
        [
          { kind: 'job', queuedAt: at - 5_000 },
          { kind: 'api', queuedAt: at - 10 },
          { kind: 'api', queuedAt: at },
        ],
        false,
        at,
      ),
    ).toEqual({ index: 1 });
  });

  it('a due job waits while an API request runs on another worker, until it has waited 3 s', () => {
    expect(pickTask([{ kind: 'job', queuedAt: at - 200 }], true, at)).toEqual({ waitMs: 2_800 });
  });

  it('a job that has waited 3 s for the running requests starts', () => {
    expect(pickTask([{ kind: 'job', queuedAt: at - 3_000 }], true, at)).toEqual({ index: 0 });
  });

  it('with no API request running, the oldest job starts at once', () => {
    expect(
      pickTask(
        [
          { kind: 'job', queuedAt: at },
          { kind: 'job', queuedAt: at },
        ],
        false,
        at,
      ),
    ).toEqual({ index: 0 });
  });
});
