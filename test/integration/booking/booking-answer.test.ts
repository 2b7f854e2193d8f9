import { spyOnSend } from '../../support/send-spy';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { attemptBookings, type PendingBooking } from '../../../functions/core/booking/book-slot';
import { enqueueBookingRequest, waitingBookingRequests, withdrawBookingRequest } from '../../../functions/data/booking-requests-repository';
import { getPlanningLock } from '../../../functions/data/planning-lock-repository';
import { withPlanningLock } from '../../../functions/core/booking/planning-lock';
import { keys } from '../../../functions/data/keys';
import { getDeps } from '../../../functions/runtime/deps';
import { call, signalledJobsIdle } from '../../support/test-api';
import { freePlanning, outboxTo, parisIso } from '../planning-actions/support';

/**
 * Issue 10 point 2 (p95 under 1 s with 30 buyers at once): a booking's answer costs its share of
 * a transaction, nothing more. The confirmation leaves after the answer (its job was committed with
 * the booking), and bookings waiting for the same planning are committed together.
 */
function book(planningId: string, uuid: string, startDate: string) {
  return call('PATCH', `/api/rdv/book/${planningId}`, {
    body: { usr: uuid, slot: { startDate, amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } },
    answerOnly: true,
  });
}

/** A planning of two buyers, each with a booking not yet decided at its start of the first day ('HH:mm'). */
async function twoBuyers(starts: [string, string]) {
  const setup = await freePlanning({ lots: 2, days: 1, overrides: { authorizeTrous: true } });
  const pending = setup.meetings.map((meeting, index): PendingBooking => ({
    request: { usr: meeting.uuid, slot: { startDate: parisIso(setup.dayDates[0], starts[index]), amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } },
    came: Date.now(),
  }));
  return { setup, deps: getDeps(), pending };
}

describe('booking answer (issue 10 point 2)', () => {
  it('the buyer gets the answer without waiting for the confirmation mail, which still leaves once', async () => {
    const setup = await freePlanning({ lots: 2, days: 1, overrides: { authorizeTrous: true } });
    const [meeting] = setup.meetings;
    const mailer = getDeps().mailer;
    const send = mailer.send.bind(mailer);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The mail service hangs until the test releases it (before the change, the answer waited for it: timeout).
    const spy = jest.spyOn(mailer, 'send').mockImplementation(async (...args) => {
      await gate;
      return send(...args);
    });
    try {
      const response = await book(setup.planningId, meeting.uuid, parisIso(setup.dayDates[0], '09:30'));
      expect(response.status).toBe(200);
      expect(await outboxTo(meeting.guest.mailmonsieur).then((mails) => mails.filter((mail) => mail.subject?.includes('confirmé')))).toHaveLength(0);
    } finally {
      release();
      await signalledJobsIdle();
      spy.mockRestore();
    }
    expect((await outboxTo(meeting.guest.mailmonsieur)).filter((mail) => mail.subject?.includes('confirmé'))).toHaveLength(1);
  }, 60_000);

  it('group commit: 30 buyers of one planning booking at once are committed in a few transactions, not one each', async () => {
    const setup = await freePlanning({ lots: 30, days: 5, overrides: { authorizeTrous: true } });
    const starts = setup.dayDates.flatMap((date) => ['08:30', '09:30', '10:30', '11:30', '14:00', '15:00', '16:00'].map((hm) => parisIso(date, hm)));
    const doc = getDeps().store.doc;
    const planningKey = keys.planning(setup.planningId);
    let commits = 0;
    const spy = spyOnSend(doc, (command, send) => {
      const items = command instanceof TransactWriteCommand ? (command.input.TransactItems ?? []) : [];
      if (items.some((item) => item.Update?.Key?.pk === planningKey.pk && item.Update.Key.sk === planningKey.sk)) commits += 1;
      return send(command);
    });
    try {
      const responses = await Promise.all(setup.meetings.map((meeting, index) => book(setup.planningId, meeting.uuid, starts[index])));
      expect(responses.map((response) => response.status)).toEqual(Array(30).fill(200));
    } finally {
      spy.mockRestore();
      await signalledJobsIdle();
    }
    // One transaction holds up to 100 items (a booking here: 2 slot grains, the meeting, 2 jobs).
    expect(commits).toBeGreaterThanOrEqual(2);
    expect(commits).toBeLessThanOrEqual(6);
    expect((await setup.read()).planning).toEqual(expect.objectContaining({ nbBooked: 30, nbNotBooked: 0 }));
  }, 120_000);

  it('group commit: a refusal caused by a booking of the same batch is not given when that batch fails to commit', async () => {
    const {
      setup,
      deps,
      pending: [a, b],
    } = await twoBuyers(['09:30', '09:30']);
    let failed = false;
    // The first commit fails as if staff changed the planning meanwhile (a condition other than the lock's).
    const spy = spyOnSend(deps.store.doc, (command, send) => {
      if (command instanceof TransactWriteCommand && !failed) {
        failed = true;
        return Promise.reject(
          new TransactionCanceledException({ message: 'changed', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }] }),
        );
      }
      return send(command);
    });
    try {
      await withPlanningLock(deps, setup.planningId, async (lock) => {
        expect(await attemptBookings(deps, setup.planningId, [a, b], lock)).toBe('changed');
        // B was refused only because A took the slot in the batch that did not commit: undecided.
        expect([a.outcome, b.outcome]).toEqual([undefined, undefined]);
        expect(await attemptBookings(deps, setup.planningId, [a, b], lock)).toBe('done');
      });
    } finally {
      spy.mockRestore();
      await signalledJobsIdle();
    }
    expect(a.outcome?.kind).toBe('booked');
    expect(b.outcome?.kind).toBe('refused');
  }, 60_000);

  it('group commit: a booking that comes while the round reads the planning is committed in the same transaction', async () => {
    const {
      setup,
      deps,
      pending: [a, late],
    } = await twoBuyers(['08:30', '10:30']);
    let commits = 0;
    const spy = spyOnSend(deps.store.doc, (command, send) => {
      if (command instanceof TransactWriteCommand) commits += 1;
      return send(command);
    });
    try {
      await withPlanningLock(deps, setup.planningId, async (lock) => {
        const latecomers = async () => {
          late.came = Date.now();
          return [late];
        };
        expect(await attemptBookings(deps, setup.planningId, [a], lock, latecomers)).toBe('done');
      });
    } finally {
      spy.mockRestore();
      await signalledJobsIdle();
    }
    expect([a.outcome?.kind, late.outcome?.kind]).toEqual(['booked', 'booked']);
    expect(commits).toBe(1);
    expect((await setup.read()).planning).toEqual(expect.objectContaining({ nbBooked: 2 }));
  }, 60_000);

  it('group commit: a booking that came after the planning was read is not refused on that read, it waits for the next round', async () => {
    const {
      setup,
      deps,
      pending: [a, late],
    } = await twoBuyers(['09:30', '09:30']);
    try {
      await withPlanningLock(deps, setup.planningId, async (lock) => {
        const latecomers = async () => {
          // It comes after the round's read of the planning began: a refusal now would rest on a state older than it.
          late.came = Date.now() + 1;
          return [late];
        };
        expect(await attemptBookings(deps, setup.planningId, [a], lock, latecomers)).toBe('done');
        expect([a.outcome?.kind, late.outcome]).toEqual(['booked', undefined]);
      });
      await withPlanningLock(deps, setup.planningId, (lock) => attemptBookings(deps, setup.planningId, [late], lock));
    } finally {
      await signalledJobsIdle();
    }
    expect(late.outcome?.kind).toBe('refused');
  }, 60_000);

  it('group commit: a request that withdraws after the round read it fails the commit on the lock item; the holder, still holding the lock, decides again without it', async () => {
    const {
      setup,
      deps,
      pending: [a],
    } = await twoBuyers(['08:30', '10:30']);
    const b = setup.meetings[1];
    let held = '';
    try {
      await withPlanningLock(deps, setup.planningId, async (lock) => {
        held = (await getPlanningLock(deps.store, setup.planningId))?.owner ?? '';
        // B joins the queue while the lock is held (it waits: the arrival does not take it).
        const arrived = await enqueueBookingRequest(
          deps.store,
          setup.planningId,
          {
            request: { ...a.request, usr: b.uuid, slot: { startDate: parisIso(setup.dayDates[0], '10:30'), amoNb: 0 } },
            came: Date.now(),
            owner: 'b',
            leaseUntil: Date.now() + 5_000,
          },
          { create: true },
        );
        const queued = (queue: Record<string, unknown>) =>
          waitingBookingRequests(queue, 0).map((item): PendingBooking => ({ request: item.request, came: item.came, queued: item.id }));
        let round: PendingBooking[] = [];
        // B gives up once the round has read it, before the commit (its budget ran out).
        const withdrawn = async () => {
          expect(await withdrawBookingRequest(deps.store, setup.planningId, arrived!.id)).toBe(true);
          return [];
        };
        expect(await attemptBookings(deps, setup.planningId, (queue) => (round = queued(queue)), lock, withdrawn)).toBe('changed');
        expect(round.map((pending) => pending.request.usr)).toEqual([b.uuid]);
        expect(round[0].outcome).toBeUndefined();
        // Not a lost lease: the holder still holds it and decides again, on a queue without B.
        expect((await getPlanningLock(deps.store, setup.planningId))?.owner).toBe(held);
        expect(await attemptBookings(deps, setup.planningId, (queue) => (round = queued(queue)), lock)).toBe('done');
        expect(round).toEqual([]);
      });
    } finally {
      await signalledJobsIdle();
    }
    expect((await setup.read()).planning).toEqual(expect.objectContaining({ nbBooked: 0 }));
    expect(await getPlanningLock(deps.store, setup.planningId)).toBeNull();
  }, 60_000);
});
