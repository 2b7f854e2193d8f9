import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { commitTransaction } from '../../../functions/data/db';
import { jobItem } from '../../../functions/data/jobs-repository';
import { getWave, newWaveItems } from '../../../functions/data/waves-repository';
import { runWave } from '../../../functions/core/waves/run-wave';
import { waveSpecOf } from '../../../functions/dispatch/wave-specs';
import { runJobNow } from '../../../functions/core/jobs/dispatch-job';
import type { JobRun } from '../../../functions/core/jobs/job-context';
import { jobRunners } from '../../../functions/dispatch/job-runners';
import { maxJobAttempts } from '../../../functions/core/jobs/job-policy';
import { waveMessageJob } from '../../../functions/core/waves/wave-kind';
import { handler as dispatch } from '../../../functions/dispatch/handler';
import { getDeps } from '../../../functions/runtime/deps';
import { call } from '../../support/test-api';
import { buyerBooks, outboxTo, programForFile, storedMeeting, waveOf } from './support';

/** One program for the file (its 9 plannings' 28 lots), imported once: each planning invites lots of its own. */
const program = programForFile(28);

/**
 * Staff bulk actions run as waves of jobs (part 2 §5): 202 with the wave's id at once, progress
 * and failures read back; and a double-submit sends once (the same action on the same buyer
 * within minutes: recent-send claims written with each message job).
 */
describe('bulk actions as waves', () => {
  it('3 identical POST /rappeler for one buyer at once: 1 mail + 1 SMS and one date in rappelsMail and in rappelsSMS', async () => {
    const setup = await program.freePlanning({ lots: 2 });
    const [booked] = setup.meetings;
    expect((await buyerBooks(setup.planningId, booked.uuid)).status).toBe(200);
    const phone = `+33${booked.guest.telephonemonsieur.slice(1)}`;
    const before = [...(await outboxTo(booked.guest.mailmonsieur)), ...(await outboxTo(phone))].map((message) => message.id);

    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        call('POST', `/api/rdv/${setup.planningId}/rappeler`, { token: setup.token, body: { rappelMail: true, rappelSMS: true, uuids: [booked.uuid] } }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    const after = [...(await outboxTo(booked.guest.mailmonsieur)), ...(await outboxTo(phone))].filter((message) => !before.includes(message.id));
    expect(after.map((message) => message.channel).sort()).toEqual(['email', 'sms']);
    const stored = await storedMeeting(setup.planningId, booked.uuid);
    expect({ mail: stored?.rappelsMail.length, sms: stored?.rappelsSMS.length }).toEqual({ mail: 1, sms: 1 });
    // The three answers name one wave (identical requests within the window), which counts the buyer once.
    expect(new Set(answers.map((answer) => answer.body.waveId)).size).toBe(1);
    expect(await waveOf(setup.planningId, setup.token, answers[0])).toEqual(expect.objectContaining({ total: 1, sent: 1, failed: 0, done: true }));
  });

  it('3 identical POST /relancer for one buyer at once: 1 mail + 1 SMS and one date in relancesMail and in relancesSMS', async () => {
    const setup = await program.freePlanning({ lots: 2 });
    const [waiting] = setup.meetings;
    const phone = `+33${waiting.guest.telephonemonsieur.slice(1)}`;
    const before = [...(await outboxTo(waiting.guest.mailmonsieur)), ...(await outboxTo(phone))].map((message) => message.id);

    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        call('POST', `/api/rdv/${setup.planningId}/relancer`, { token: setup.token, body: { relanceMail: true, relanceSMS: true, uuids: [waiting.uuid] } }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    const after = [...(await outboxTo(waiting.guest.mailmonsieur)), ...(await outboxTo(phone))].filter((message) => !before.includes(message.id));
    expect(after.map((message) => message.channel).sort()).toEqual(['email', 'sms']);
    const stored = await storedMeeting(setup.planningId, waiting.uuid);
    expect({ mail: stored?.relancesMail.length, sms: stored?.relancesSMS.length }).toEqual({ mail: 1, sms: 1 });
  });

  it('overlapping relances at once (different selections, so different waves): each buyer relanced once, the overlap counted as skipped in one wave', async () => {
    const setup = await program.freePlanning({ lots: 3 });
    const [a, b] = setup.meetings;
    const answers = await Promise.all(
      [[a.uuid], [a.uuid, b.uuid], [b.uuid, a.uuid, setup.meetings[2].uuid]].map((uuids) =>
        call('POST', `/api/rdv/${setup.planningId}/relancer`, { token: setup.token, body: { relanceMail: true, uuids } }),
      ),
    );

    const waves = await Promise.all(answers.map((answer) => waveOf(setup.planningId, setup.token, answer)));
    expect(waves.map((wave) => wave.done)).toEqual([true, true, true]);
    expect(waves.reduce((sum, wave) => sum + wave.sent, 0)).toBe(3);
    expect(waves.reduce((sum, wave) => sum + wave.skipped, 0)).toBe(3);
    for (const buyer of setup.meetings)
      expect((await outboxTo(buyer.guest.mailmonsieur)).filter((message) => message.text.includes('pas encore choisi de créneau'))).toHaveLength(1);
    for (const buyer of setup.meetings) expect((await storedMeeting(setup.planningId, buyer.uuid))?.relancesMail).toHaveLength(1);
  });

  it('overlapping relances within minutes: a buyer reached by the first is left out of the second (counted as skipped), the others are sent', async () => {
    const setup = await program.freePlanning({ lots: 3 });
    const [a, b] = setup.meetings;
    const first = await call('POST', `/api/rdv/${setup.planningId}/relancer`, { token: setup.token, body: { relanceMail: true, uuids: [a.uuid] } });
    const second = await call('POST', `/api/rdv/${setup.planningId}/relancer`, { token: setup.token, body: { relanceMail: true, uuids: [a.uuid, b.uuid] } });

    expect(await waveOf(setup.planningId, setup.token, first)).toEqual(expect.objectContaining({ total: 1, sent: 1, done: true }));
    expect(await waveOf(setup.planningId, setup.token, second)).toEqual(expect.objectContaining({ total: 2, sent: 1, skipped: 1, failed: 0, done: true }));
    expect((await outboxTo(a.guest.mailmonsieur)).filter((message) => message.text.includes('pas encore choisi de créneau'))).toHaveLength(1);
    expect((await outboxTo(b.guest.mailmonsieur)).filter((message) => message.text.includes('pas encore choisi de créneau'))).toHaveLength(1);
  });

  it('a buyer who cannot be reached is counted failed, named with the reason, in the final count', async () => {
    const setup = await program.freePlanning({ lots: 2 });
    const [booked, other] = setup.meetings;
    await buyerBooks(setup.planningId, booked.uuid);
    await buyerBooks(setup.planningId, other.uuid, 1);
    // The buyer turned both channels off: nothing can reach them.
    await call('POST', `/api/rdv/${setup.planningId}/update-notifications`, {
      token: setup.token,
      body: { notifMail: false, notifSMS: false, uuids: [other.uuid] },
    });

    const started = await call('POST', `/api/rdv/${setup.planningId}/rappeler`, {
      token: setup.token,
      body: { rappelMail: true, rappelSMS: false, uuids: [booked.uuid, other.uuid] },
    });

    const wave = await waveOf(setup.planningId, setup.token, started);
    expect(wave).toEqual(expect.objectContaining({ total: 2, sent: 1, failed: 1, done: true }));
    expect(wave.failures).toEqual([
      {
        target: other.uuid,
        label: `Lot ${other.guest.lotcomm} · ${other.guest.nom}`,
        reason: 'Aucun envoi : notifications désactivées ou coordonnées manquantes',
      },
    ]);
  });

  it("the planning's waves are listed (a reloaded page finds them): newest first, with their counts; another planning's wave is not found", async () => {
    const setup = await program.freePlanning({ lots: 2 });
    const other = await program.freePlanning({ lots: 1 });
    const started = await call('POST', `/api/rdv/${setup.planningId}/relancer`, {
      token: setup.token,
      body: { relanceSMS: true, uuids: [setup.meetings[0].uuid] },
    });

    const listed = await call('GET', `/api/rdv/${setup.planningId}/waves`, { token: setup.token });

    expect(listed.status).toBe(200);
    expect(listed.body.waves).toEqual([expect.objectContaining({ waveId: started.body.waveId, kind: 'relance', total: 1, sent: 1, done: true })]);
    const elsewhere = await call('GET', `/api/rdv/${other.planningId}/waves/${started.body.waveId}`, { token: other.token });
    expect({ status: elsewhere.status, message: elsewhere.body.message }).toEqual({ status: 404, message: 'Envoi introuvable' });
  });

  it('a message job dead-lettered without running (its runner died on the last attempt) counts its buyer failed, so the wave ends', async () => {
    const deps = getDeps();
    const setup = await program.freePlanning({ lots: 1 });
    const [buyer] = setup.meetings;
    const waveId = `wave-deadletter${Date.now().toString(36)}`;
    const now = new Date();
    await commitTransaction(
      deps.store,
      newWaveItems(
        deps.store.table,
        {
          waveId,
          planningId: setup.planningId,
          kind: 'relance',
          total: 1,
          sent: 0,
          failed: 0,
          skipped: 0,
          createdAt: now.toISOString(),
          createdBy: 'test',
          params: { mail: true, sms: false, actor: { userId: 'test', name: 'Test' } },
        },
        [buyer.uuid],
      ),
    );
    // Its last attempt's runner died: the job is running with an expired lease and no attempt left.
    const job = {
      ...waveMessageJob(deps, waveId, 0, buyer.uuid, { channels: ['email'] }),
      status: 'running' as const,
      attempts: maxJobAttempts,
      leaseUntil: new Date(now.getTime() - 1000).toISOString(),
    };
    await deps.store.doc.send(new PutCommand({ TableName: deps.store.table, Item: jobItem(job) }));

    expect(await dispatch({ jobId: job.id })).toEqual({ jobId: job.id, outcome: 'dead' });

    const wave = await call('GET', `/api/rdv/${setup.planningId}/waves/${waveId}`, { token: setup.token });
    expect(wave.body).toEqual(
      expect.objectContaining({
        total: 1,
        sent: 0,
        failed: 1,
        done: true,
        failures: [{ target: buyer.uuid, label: `Lot ${buyer.guest.lotcomm} · ${buyer.guest.nom}`, reason: 'Échec de l’envoi' }],
      }),
    );
  });

  it('two runs of the same batch at once (a lease taken over while the first still runs): every buyer invited once and counted sent, none skipped', async () => {
    const deps = getDeps();
    // Invitations not due yet (launch in 5 days): the wave invites them.
    const setup = await program.freePlanning({ lots: 12, overrides: { launchDate: new Date(Date.now() + 5 * 86_400_000).toISOString() } });
    const uuids = setup.meetings.map((meeting) => meeting.uuid);
    const waveId = `wave-tworuns${Date.now().toString(36)}`;
    await commitTransaction(
      deps.store,
      newWaveItems(
        deps.store.table,
        {
          waveId,
          planningId: setup.planningId,
          kind: 'invitation',
          total: uuids.length,
          sent: 0,
          failed: 0,
          skipped: 0,
          createdAt: new Date().toISOString(),
          createdBy: 'test',
          params: { actor: { userId: 'test', name: 'Test' } },
        },
        uuids,
      ),
    );

    // Each run as the dispatcher gives it (its message jobs run inline through the dispatcher).
    const run = (): JobRun => ({ job: { id: `${waveId}.0` } as JobRun['job'], finalAttempt: false, runJobNow: (jobId) => runJobNow(deps, jobId, jobRunners) });
    await Promise.all([runWave(deps, { waveId, seq: 0 }, run(), waveSpecOf), runWave(deps, { waveId, seq: 0 }, run(), waveSpecOf)]);

    expect(await getWave(deps.store, waveId)).toEqual(expect.objectContaining({ total: 12, sent: 12, skipped: 0, failed: 0 }));
    for (const meeting of setup.meetings)
      expect((await outboxTo(meeting.guest.mailmonsieur)).filter((message) => message.text.includes(`/entrevue/${meeting.uuid}`))).toHaveLength(1);
  });
});
