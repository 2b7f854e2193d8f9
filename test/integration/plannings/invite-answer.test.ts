import { getWave } from '../../../functions/data/waves-repository';
import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { planningAwaitingInvitation } from '../../support/planning-fixtures';
import { call, holdSignalledJobs, signalledJobsIdle } from '../../support/test-api';
import { waveOf } from '../planning-actions/support';

/**
 * Part 2 §5 bulk invitation of many buyers: the request writes the wave (its selection and first
 * job) and answers; reading the meetings, checking the selection and every send belong to the
 * wave's jobs (the request of 3,000 buyers answers in under a second: `npm run bench`).
 */
describe('bulk invitation answer: POST /rdv/{id}/inviter', () => {
  it('answers 202 before any invitation leaves: at the answer the wave is queued with 0 sent and no buyer invited; then its jobs invite every buyer once', async () => {
    const { setup, planningId } = await planningAwaitingInvitation(60);
    const meetings = (await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token })).body.meetings as {
      uuid: string;
      guest: { mailmonsieur: string };
    }[];
    const addresses = new Set(meetings.map((meeting) => meeting.guest.mailmonsieur));
    const hold = holdSignalledJobs();

    const answer = await call('POST', `/api/rdv/${planningId}/inviter`, {
      token: setup.promoter.token,
      body: { invitationMail: true, uuids: meetings.map((meeting) => meeting.uuid) },
      answerOnly: true,
    });

    expect(answer.status).toBe(202);
    const queued = await getWave(getDeps().store, answer.body.waveId);
    expect(queued).toEqual(expect.objectContaining({ total: 60, sent: 0, failed: 0, skipped: 0 }));
    expect(queued?.checked).toBeUndefined();
    const atAnswer = await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token, answerOnly: true });
    expect((atAnswer.body.meetings as { isInvitationSent: boolean }[]).filter((meeting) => meeting.isInvitationSent)).toEqual([]);
    const invitationsTo = async () =>
      (await listOutboxMessages(getDeps().store, 2000)).filter(
        (message) => message.channel === 'email' && message.to.some((to) => addresses.has(to)) && message.text.includes('/entrevue/'),
      );
    expect(await invitationsTo()).toEqual([]);

    hold.release();
    await signalledJobsIdle();
    expect(await waveOf(planningId, setup.promoter.token, answer)).toEqual(expect.objectContaining({ total: 60, sent: 60, failed: 0, skipped: 0, done: true }));
    const sent = await invitationsTo();
    expect(sent).toHaveLength(60);
    expect(new Set(sent.flatMap((message) => message.to)).size).toBe(60);
  }, 180_000);
});
