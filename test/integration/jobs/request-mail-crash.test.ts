import { listDueJobs } from '../../../functions/data/jobs-repository';
import { listOutboxMessages, type OutboxMessage } from '../../../functions/data/outbox-repository';
import { jobLeaseMs } from '../../../functions/core/jobs/job-policy';
import { getPlanning, listProgramPlannings, loadPlanningState } from '../../../functions/data/plannings-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { listProgramOperations } from '../../../functions/data/operations-repository';
import { freePort } from '../../../infra/local/dynamodb-local';
import { adminUserMessages } from '../../../shared/messages/admin';
import { clientFile, clientRows, multipartFile, xlsxType } from '../../support/client-file';
import { planningBody } from '../../support/planning-fixtures';
import { killAllRuntimes, startRuntime, type RuntimeProcess } from '../../support/runtime-process';
import { until } from '../../support/eventually';
import { buyerWorld } from '../buyer-area/support';

/**
 * One delivery path (every mail a request causes is a job committed with its change) and a
 * planning's invitations written with the planning: the real local runtime runs with
 * `LIVREA_CRASH_AT=jobs-committed` (functions/runtime/crash-point.ts), so each request below kills
 * it with SIGKILL right after its transaction committed, before it hands its jobs to the
 * dispatcher. Livrea is started again after each kill; at the end every mail is in the outbox
 * exactly once, and the planning's buyers are invited exactly once.
 */
const deps = getDeps();
afterEach(killAllRuntimes);

type Request = { method: string; path: string; token?: string; body?: unknown; multipart?: ReturnType<typeof multipartFile> };

/** Sends a request that must kill the runtime: no answer comes back, the process group exits. */
async function killingRequest(port: number, runtime: RuntimeProcess, request: Request): Promise<void> {
  const headers: Record<string, string> = {
    ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
    ...(request.multipart?.headers ?? {}),
    ...(request.body ? { 'content-type': 'application/json' } : {}),
  };
  const body = request.multipart ? request.multipart.rawBody : request.body ? JSON.stringify(request.body) : undefined;
  const answer = await fetch(`http://localhost:${port}${request.path}`, { method: request.method, headers, body }).then(
    async (response) => `answered ${response.status} ${await response.text()}`,
    () => 'no answer',
  );
  expect({ request: `${request.method} ${request.path}`, answer }).toEqual({ request: `${request.method} ${request.path}`, answer: 'no answer' });
  await runtime.exited;
}

describe('a SIGKILL between the write and the send (one delivery path; a planning and its invitations written together)', () => {
  it('password reset, credentials, client file, ticket, buyer-area invitation and a new planning: each mail leaves exactly once after the restart', async () => {
    const started = Date.now();
    const world = await buyerWorld('CRASH');
    const port = await freePort();
    const crashing = { LIVREA_CRASH_AT: 'jobs-committed' };
    const stamp = Date.now();
    const newAccount = `identifiants-${stamp}@test.livrea.fr`;
    const ticketSubject = `Fuite sous l'évier ${stamp}`;
    const invitedLot = world.lots.find((lot) => lot._id !== world.buyerLot._id)!;
    const mails = async (): Promise<OutboxMessage[]> => listOutboxMessages(deps.store, 10_000);

    // Each kind of mail, found in the outbox by what only it carries.
    const expected: { kind: string; request: Request; mine: (message: OutboxMessage) => boolean }[] = [
      {
        kind: 'password reset',
        request: { method: 'POST', path: '/api/user/forgot', body: { email: world.otherBuyer.email } },
        mine: (message) => message.to.includes(world.otherBuyer.email) && message.subject === 'Livrea : réinitialisation de votre mot de passe',
      },
      {
        kind: 'credentials',
        request: {
          method: 'POST',
          path: '/api/user',
          token: world.administrator.token,
          body: {
            firstname: 'Paul',
            lastname: 'Durand',
            enterprise: 'Lac Promotion',
            username: `paul-${stamp}`,
            email: newAccount,
            password: 'mot-de-passe-1',
            role: 'promoter',
            sendEmailCredentials: true,
          },
        },
        mine: (message) => message.to.includes(newAccount) && message.subject === adminUserMessages.credentialsSubject,
      },
      {
        kind: 'client file',
        request: {
          method: 'POST',
          path: `/api/programs/${world.programId}/xlsx-send`,
          token: world.owner.token,
          multipart: multipartFile('clients', 'clients.xlsx', xlsxType, await clientFile(clientRows(2, 'CF'))),
        },
        mine: (message) => message.to.includes(world.administrator.email) && message.subject === 'Livrea : fichier client reçu pour « Programme CRASH »',
      },
      {
        kind: 'ticket',
        request: {
          method: 'POST',
          path: `/api/users/me/housings/${world.buyerLot._id}/tickets`,
          token: world.buyer.token,
          body: { subject: ticketSubject, message: 'Bonjour, l’évier fuit.' },
        },
        mine: (message) => message.subject === `Nouveau message : ${ticketSubject}`,
      },
      {
        kind: 'buyer-area invitation',
        request: { method: 'POST', path: `/api/projets/${world.programId}/clients/${invitedLot._id}/invite`, token: world.amo.token },
        mine: (message) => message.to.includes(invitedLot.mailmonsieur.toLowerCase()) && message.subject === 'Livrea : votre espace acquéreur',
      },
    ];
    const planningRequest: Request = {
      method: 'POST',
      path: '/api/rdv',
      token: world.owner.token,
      body: planningBody(
        world.programId,
        world.lots.map((lot) => lot._id),
      ),
    };

    let runtime = startRuntime(port, crashing);
    await runtime.ready;
    for (const mail of expected) {
      await killingRequest(port, runtime, mail.request);
      // Killed after the commit and before the hand-over: nothing has left yet.
      expect({ kind: mail.kind, sent: (await mails()).filter(mail.mine).length }).toEqual({ kind: mail.kind, sent: 0 });
      runtime = startRuntime(port, crashing);
      await runtime.ready;
    }
    await killingRequest(port, runtime, planningRequest);
    // Killed once its operation was committed (docs/architecture.md « Planning creation »): the
    // planning exists « being created », hidden from the lists, nobody invited.
    const [creation] = (await listProgramOperations(deps.store, world.programId, '2000-01-01', 20)).filter(
      (operation) => operation.kind === 'planning-creation',
    );
    const planningId = creation.planningId!;
    expect(await listProgramPlannings(deps.store, world.programId)).toEqual([]);

    // Started again without the crash point: the sweep resumes the creation and delivers what the kills left.
    runtime = startRuntime(port);
    await runtime.ready;
    await until('the planning created after the restart', async () => (await getPlanning(deps.store, planningId)) !== null, 120_000);
    const state = await loadPlanningState(deps.store, planningId);
    const invitationOf = (uuid: string) => (message: OutboxMessage) => message.text.includes(`/entrevue/${uuid}`);
    const allThere = async () => {
      const outbox = await mails();
      return expected.every((mail) => outbox.some(mail.mine)) && state!.meetings.every((meeting) => outbox.filter(invitationOf(meeting.uuid)).length >= 2);
    };
    await until('every mail after the restart', allThere, 90_000);
    // Then until no job can run any more (none due, none claimed within a lease): only one could land a second copy.
    await until('no job left to run', async () => (await listDueJobs(deps.store, new Date(Date.now() + jobLeaseMs(deps)))).length === 0, 120_000);

    const outbox = await mails();
    expect(expected.map((mail) => ({ kind: mail.kind, sent: outbox.filter(mail.mine).length }))).toEqual(
      expected.map((mail) => ({ kind: mail.kind, sent: 1 })),
    );
    for (const meeting of state!.meetings) {
      const invitation = outbox.filter(invitationOf(meeting.uuid));
      expect({
        lot: meeting.guest.lotcomm,
        email: invitation.filter((message) => message.channel === 'email').length,
        sms: invitation.filter((message) => message.channel === 'sms').length,
      }).toEqual({ lot: meeting.guest.lotcomm, email: 1, sms: 1 });
    }
    expect(await getPlanning(deps.store, planningId)).toEqual(expect.objectContaining({ isInvitationSent: true, nbInvited: world.lots.length }));
    console.log(`request-mail crash test: 6 kills and 7 starts in ${Date.now() - started} ms`);
  }, 400_000);
});
