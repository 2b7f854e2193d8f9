import { handler as dispatch } from '../../../functions/dispatch/handler';
import { purgeProgramJobKind } from '../../../functions/core/programs/delete-program';
import { scheduleJob } from '../../../functions/core/jobs/schedule-job';
import { getJob, listDueJobs } from '../../../functions/data/jobs-repository';
import { markProgramDeleting } from '../../../functions/data/programs-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { planningBody } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';
import { buyerBooks, freePlanning, outboxTo, storedMeeting } from '../planning-actions/support';

const notFound = 'Rendez-vous non trouvé';

/** A program with a live planning (booked and pending buyers, a scheduled reminder) and a second planning whose invitations wait for their launch date. */
async function busyProgram() {
  const setup = await freePlanning({ lots: 4, invited: 3 });
  const [booked, pending] = setup.meetings;
  expect((await buyerBooks(setup.planningId, booked.uuid)).status).toBe(200);
  const reminderJobId = (await storedMeeting(setup.planningId, booked.uuid))!.reminderJobId!;
  expect(await getJob(getDeps().store, reminderJobId)).toEqual(expect.objectContaining({ kind: 'send-reminder', status: 'pending' }));
  const lastLot = setup.clients[3]._id;
  const later = await call('POST', '/api/rdv', {
    token: setup.token,
    body: planningBody(setup.program._id, [lastLot], { launchDate: new Date(Date.now() + 3 * 86_400_000).toISOString() }),
  });
  expect(later.status).toBe(201);
  const laterBuyer = (await call('GET', `/api/rdv/${later.body.planning._id}`, { token: setup.token })).body.meetings[0].guest.mailmonsieur as string;
  const offered = (await call('GET', `/api/rdv/usr/${pending.uuid}`)).body.options[0] as { startDate: number; amoNb: number };
  return { ...setup, booked, pending, offered, reminderJobId, laterPlanningId: later.body.planning._id as string, laterBuyer };
}

async function expectEverythingGone(program: Awaited<ReturnType<typeof busyProgram>>) {
  const { booked, pending, offered, planningId, laterPlanningId, laterBuyer, reminderJobId, admin, promoter } = program;
  // Buyer links answer 'Rendez-vous non trouvé'; booking is refused.
  for (const meeting of [booked, pending]) {
    const view = await call('GET', `/api/rdv/usr/${meeting.uuid}`);
    expect(view.status).toBe(404);
    expect(view.body.message).toBe(notFound);
  }
  const booking = await call('PATCH', `/api/rdv/book/${planningId}`, {
    body: { usr: pending.uuid, slot: offered, extra: { isInterestedVr: false, visitors: [] } },
  });
  expect(booking.status).toBe(404);
  expect(booking.body.message).toBe(notFound);
  // The reminder was cancelled, then its record erased with the program's jobs (they name its
  // buyers): delivered anyway (a wake-up already on its way), it finds nothing to send.
  expect(await getJob(getDeps().store, reminderJobId)).toBeNull();
  expect((await dispatch({ jobId: reminderJobId })).outcome).toBe('skipped');
  // Every job due in the next four days (the waiting invitations included) runs: nothing leaves.
  for (const jobId of await listDueJobs(getDeps().store, new Date(Date.now() + 4 * 86_400_000), 1000)) await dispatch({ jobId });
  expect((await outboxTo(booked.guest.mailmonsieur)).filter((message) => message.subject?.includes('rappel de votre visite'))).toEqual([]);
  expect(await outboxTo(laterBuyer)).toEqual([]);
  // Gone from every list and read.
  expect((await call('GET', `/api/rdv/project/${program.program._id}/plannings`, { token: admin.token })).status).toBe(404);
  for (const id of [planningId, laterPlanningId]) expect((await call('GET', `/api/rdv/${id}`, { token: admin.token })).status).toBe(404);
  expect((await call('GET', '/api/admin/programs', { token: admin.token })).body.map((item: { _id: string }) => item._id)).not.toContain(program.program._id);
  expect((await call('GET', '/api/users/me/programs', { token: promoter.token })).body.map((item: { _id: string }) => item._id)).not.toContain(
    program.program._id,
  );
}

describe('deleting a program deletes everything in it, in one consistent operation (part 3 §6)', () => {
  it('plannings with booked and pending buyers and a scheduled reminder: booking refused, no reminder or invitation sent, plannings gone', async () => {
    const program = await busyProgram();
    const mailsBefore = (await outboxTo(program.booked.guest.mailmonsieur)).length;

    const deleted = await call('DELETE', `/api/programs/${program.program._id}`, { token: program.admin.token });

    expect(deleted.status).toBe(200);
    await expectEverythingGone(program);
    expect(await outboxTo(program.booked.guest.mailmonsieur)).toHaveLength(mailsBefore);
  });

  it('a buyer booking at the same moment as the deletion: either refused, or removed with its planning; nothing of it is left', async () => {
    const program = await busyProgram();
    const [booking, deleted] = await Promise.all([
      buyerBooks(program.planningId, program.pending.uuid),
      call('DELETE', `/api/programs/${program.program._id}`, { token: program.admin.token }),
    ]);
    expect(deleted.status).toBe(200);
    expect([200, 404, 409]).toContain(booking.status);
    await expectEverythingGone(program);
    expect(await storedMeeting(program.planningId, program.pending.uuid)).toBeNull();
  });

  it('a deletion interrupted right after marking the program is finished by its resume job; the program is hidden meanwhile', async () => {
    const program = await busyProgram();
    const deps = getDeps();
    // What DELETE does before a crash: queue the resume job, mark the program.
    const job = await scheduleJob(deps, purgeProgramJobKind, { programId: program.program._id }, new Date());
    await markProgramDeleting(deps.store, program.program._id, new Date().toISOString());
    expect((await call('GET', `/api/programs/${program.program._id}`, { token: program.promoter.token })).status).toBe(404);
    expect((await call('POST', '/api/rdv', { token: program.token, body: planningBody(program.program._id, [program.clients[3]._id]) })).status).toBe(404);

    expect((await dispatch({ jobId: job.id })).outcome).toBe('done');

    await expectEverythingGone(program);
    // The administrator's DELETE again: the program is gone.
    expect((await call('DELETE', `/api/programs/${program.program._id}`, { token: program.admin.token })).status).toBe(404);
  });
});
