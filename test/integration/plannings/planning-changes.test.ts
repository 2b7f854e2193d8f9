import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../functions/data/keys';
import { changeIndexSet, meetingRemovalItem } from '../../../functions/data/meeting-change-stamp';
import { commitTransaction } from '../../../functions/data/db';
import { getDeps } from '../../../functions/runtime/deps';
import { call } from '../../support/test-api';
import { runDueJobs } from '../../support/planning-fixtures';
import { imposedPlanning } from '../imposed/support';
import { buyerBooks, freePlanning, parisSeconds, type TestMeeting } from '../planning-actions/support';

/**
 * Live staff screens (part 2 §2.6: buyers book while staff look): GET /rdv/{id}/changes answers
 * what changed on a planning since the screen's cursor, from the change index written in the same
 * transaction as each meeting change, and nothing when nothing changed.
 */
type Setup = Pick<Awaited<ReturnType<typeof freePlanning>>, 'planningId' | 'token' | 'read'>;

interface ChangesAnswer {
  changes: string;
  planning: Record<string, unknown> | null;
  meetings: TestMeeting[];
  removed: string[];
  resync: boolean;
}

async function changes(setup: Setup, since?: string, token = setup.token): Promise<ChangesAnswer> {
  const response = await call('GET', `/api/rdv/${setup.planningId}/changes${since ? `?since=${since}` : ''}`, { token });
  if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  return response.body as ChangesAnswer;
}

/** A screen as the SPA keeps it: a cursor opened, the whole planning read, then changes merged. */
async function openScreen(setup: Setup) {
  let cursor = (await changes(setup)).changes;
  const full = await setup.read();
  let planning = full.planning;
  const meetings = new Map(full.meetings.map((meeting) => [meeting.uuid, meeting]));
  return {
    async poll() {
      const answer = await changes(setup, cursor);
      cursor = answer.changes;
      if (answer.planning) planning = answer.planning;
      for (const meeting of answer.meetings) meetings.set(meeting.uuid, meeting);
      for (const uuid of answer.removed) meetings.delete(uuid);
      return answer;
    },
    state: () => ({ planning, meetings: [...meetings.values()].sort((a, b) => a.uuid.localeCompare(b.uuid)) }),
  };
}

const byUuid = (meetings: TestMeeting[]) => [...meetings].sort((a, b) => a.uuid.localeCompare(b.uuid));

describe('GET /rdv/{id}/changes: what changed since the screen last looked', () => {
  it('answers nothing when nothing changed, then only the meeting a buyer booked (with the planning counters), then nothing again', async () => {
    const setup = await freePlanning({ lots: 6 });
    const screen = await openScreen(setup);
    // The invitations just stamped every meeting: the opened cursor already holds them.
    const quiet = await screen.poll();
    expect(quiet).toEqual(expect.objectContaining({ planning: null, meetings: [], removed: [], resync: false }));

    const [buyer] = setup.meetings;
    expect((await buyerBooks(setup.planningId, buyer.uuid)).status).toBe(200);
    const answer = await screen.poll();
    expect(answer.meetings.map((meeting) => meeting.uuid)).toEqual([buyer.uuid]);
    expect(answer.meetings[0]).toEqual(expect.objectContaining({ isBooked: true }));
    expect(answer.planning).toEqual(expect.objectContaining({ nbBooked: 1, nbNotBooked: 5 }));
    expect(answer.removed).toEqual([]);

    const again = await screen.poll();
    expect(again).toEqual(expect.objectContaining({ planning: null, meetings: [], removed: [], resync: false }));
  });

  it("answers a staff member's change and a removed buyer to another staff member's screen, and the merged screen equals a full read", async () => {
    const setup = await freePlanning({ lots: 4 });
    const screen = await openScreen(setup);
    const [placed, removed] = setup.meetings;
    const forced = await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: placed.uuid, rdvDate: parisSeconds(setup.dayDates[0], '10:00') },
    });
    expect(forced.status).toBe(200);
    const gone = await call('PATCH', `/api/rdv/${setup.planningId}/remove-customer`, {
      token: setup.token,
      body: { rdvId: removed.uuid, guestId: removed.guest._id },
    });
    expect(gone.status).toBe(200);

    const answer = await screen.poll();
    expect(answer.meetings.map((meeting) => meeting.uuid)).toEqual([placed.uuid]);
    expect(answer.removed).toEqual([removed.uuid]);
    const full = await setup.read();
    expect(screen.state()).toEqual({ planning: full.planning, meetings: byUuid(full.meetings) });
  });

  it('bookings, cancellations and staff changes made while a screen polls: no change is missed, the merged screen equals a full read', async () => {
    const setup = await freePlanning({ lots: 12, days: 3 });
    const screen = await openScreen(setup);
    let writing = true;
    const polling = (async () => {
      while (writing) {
        await screen.poll();
        // not a wait: the screen's refresh period (20 ms here), between two polls.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const writes = await Promise.all([
      ...setup.meetings.slice(0, 8).map((meeting, index) => buyerBooks(setup.planningId, meeting.uuid, index)),
      call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
        token: setup.token,
        body: { selected: setup.meetings[8].uuid, rdvDate: parisSeconds(setup.dayDates[2], '16:00') },
      }),
    ]);
    expect(writes.filter((write) => write.status === 200).length).toBeGreaterThan(0);
    const booked = (await setup.read()).meetings.filter((meeting) => meeting.isBooked && !setup.meetings.slice(8).some((other) => other.uuid === meeting.uuid));
    const [cancelled, unbooked] = await Promise.all([
      call('PATCH', `/api/rdv/unbook/${booked[0].uuid}`),
      call('PATCH', `/api/rdv/${setup.planningId}/unbook-staff`, { token: setup.token, body: { uuid: setup.meetings[8].uuid, isMailConfirmationDel: false } }),
    ]);
    expect([cancelled.status, unbooked.status]).toEqual([200, 200]);
    writing = false;
    await polling;
    await screen.poll();
    const full = await setup.read();
    expect(screen.state()).toEqual({ planning: full.planning, meetings: byUuid(full.meetings) });
    expect(await screen.poll()).toEqual(expect.objectContaining({ planning: null, meetings: [], removed: [] }));
  }, 120_000);

  it("an imposed planning: a buyer's answer to the convocation reaches the open screen, and only it", async () => {
    const setup = await imposedPlanning({ lots: 3 });
    await runDueJobs();
    const screen = await openScreen(setup);
    expect(await screen.poll()).toEqual(expect.objectContaining({ planning: null, meetings: [], removed: [] }));
    const meeting = setup.byLot(1);
    expect((await call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: meeting.uuid } })).status).toBe(200);
    const answer = await screen.poll();
    expect(answer.meetings.map((changed) => changed.uuid)).toEqual([meeting.uuid]);
    expect(answer.meetings[0]).toEqual(expect.objectContaining({ isConfirmed: true }));
    expect(answer.planning).toEqual(expect.objectContaining({ nbConfirmed: 1 }));
    const full = await setup.read();
    expect(screen.state()).toEqual({ planning: full.planning, meetings: byUuid(full.meetings) });
  });

  it('a change that commits after a poll with a stamp older than that poll (a slow writer) is still answered, once', async () => {
    const setup = await freePlanning({ lots: 3 });
    const screen = await openScreen(setup);
    expect((await buyerBooks(setup.planningId, setup.meetings[0].uuid)).status).toBe(200);
    await screen.poll();
    // A writer that took its stamp 4 s ago and commits only now, after the screen's poll.
    const { store: db } = getDeps();
    const stamp = changeIndexSet(setup.planningId, new Date(Date.now() - 4_000).toISOString());
    const late = setup.meetings[2];
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.meeting(setup.planningId, late.uuid),
        UpdateExpression: `SET observations = :text, ${stamp.clause}`,
        ExpressionAttributeValues: { ':text': 'Appeler avant', ...stamp.values },
      }),
    );
    const answer = await screen.poll();
    expect(answer.meetings.map((meeting) => meeting.uuid)).toEqual([late.uuid]);
    expect(answer.meetings[0].observations).toBe('Appeler avant');
    expect((await screen.poll()).meetings).toEqual([]);
  });

  it('above 200 changes at once (a bulk action) it answers resync once, and the next poll is past the burst', async () => {
    const setup = await freePlanning({ lots: 2 });
    const screen = await openScreen(setup);
    const { store: db } = getDeps();
    const at = new Date().toISOString();
    const tombstones = Array.from({ length: 201 }, (_, index) => meetingRemovalItem(db.table, setup.planningId, `gone-${index}`, at));
    for (let start = 0; start < tombstones.length; start += 100) await commitTransaction(db, tombstones.slice(start, start + 100));
    expect(await screen.poll()).toEqual(expect.objectContaining({ resync: true, meetings: [], removed: [] }));
    expect(await screen.poll()).toEqual(expect.objectContaining({ resync: false, meetings: [], removed: [] }));
  });

  it("refuses a cursor it did not make ('Curseur de modifications invalide. Rechargez la page.')", async () => {
    const setup = await freePlanning({ lots: 1 });
    const response = await call('GET', `/api/rdv/${setup.planningId}/changes?since=bm9uc2Vuc2U`, { token: setup.token });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Curseur de modifications invalide. Rechargez la page.');
  });
});
