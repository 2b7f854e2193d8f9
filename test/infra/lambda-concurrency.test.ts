import { sendQuotaEnv } from '../../functions/core/jobs/send-quota-settings';
import { reservedConcurrencyDefaults } from '../../infra/stacks/livrea-settings';
import { functionIdsByGroup, resourcesOf, synth } from './support/synth';

// Synthesizing the whole stack takes a few seconds.
jest.setTimeout(180_000);

/** Lambda's default concurrency quota of an account, and what AWS keeps unreserved (docs/deploy.md « Lambda concurrency »). */
const accountConcurrency = 1_000;
const unreservedMinimum = 100;

function reservedByGroup(context: Record<string, unknown> = {}) {
  const { template } = synth(context);
  const functions = resourcesOf(template, 'AWS::Lambda::Function');
  const reserved = new Map<string, number | undefined>();
  for (const [group, id] of functionIdsByGroup(template)) reserved.set(group, functions[id].Properties.ReservedConcurrentExecutions);
  return { reserved, template, functions, ids: functionIdsByGroup(template) };
}

describe('Lambda concurrency: a burst of bookings and a burst of jobs cannot starve each other', () => {
  it('the booking and dispatch functions have reserved concurrency (200 and 50), every other function none, and the account keeps its unreserved 100', () => {
    const { reserved } = reservedByGroup();

    expect(reserved.get('booking')).toBe(reservedConcurrencyDefaults.booking);
    expect(reserved.get('dispatch')).toBe(reservedConcurrencyDefaults.dispatch);
    const others = [...reserved].filter(([group]) => group !== 'booking' && group !== 'dispatch');
    expect(others.filter(([, value]) => value !== undefined)).toEqual([]);
    const total = [...reserved.values()].reduce<number>((sum, value) => sum + (value ?? 0), 0);
    expect(accountConcurrency - total).toBeGreaterThanOrEqual(unreservedMinimum);
  });

  it('the context sets them (an account with a small quota), 0 leaving a function unreserved', () => {
    const { reserved } = reservedByGroup({ bookingReservedConcurrency: '80', dispatchReservedConcurrency: 0 });

    expect(reserved.get('booking')).toBe(80);
    expect(reserved.get('dispatch')).toBeUndefined();
  });

  it('a reserved concurrency that is not a number is refused at synth', () => {
    expect(() => synth({ bookingReservedConcurrency: 'beaucoup' })).toThrow(/bookingReservedConcurrency "beaucoup" must be a number/);
  });
});

describe('sending quotas reach the function that sends (docs/deploy.md « Sending quotas »)', () => {
  it('context values become the dispatch function environment; without them the product defaults apply (no variable)', () => {
    const set = reservedByGroup({ sesMaxPerSecond: '40', sesMaxPerDay: '200000', smsMonthlyBudgetUsd: '2500' });
    const dispatchEnv = set.functions[set.ids.get('dispatch')!].Properties.Environment.Variables;
    expect(dispatchEnv).toEqual(
      expect.objectContaining({ [sendQuotaEnv.mailPerSecond]: '40', [sendQuotaEnv.mailPerDay]: '200000', [sendQuotaEnv.smsMonthlyBudgetUsd]: '2500' }),
    );
    expect(dispatchEnv[sendQuotaEnv.smsPerSecond]).toBeUndefined();

    const unset = reservedByGroup();
    const defaultEnv = unset.functions[unset.ids.get('dispatch')!].Properties.Environment.Variables;
    for (const name of Object.values(sendQuotaEnv)) expect(defaultEnv[name]).toBeUndefined();
  });
});
