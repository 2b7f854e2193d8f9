import { purgeProgramJobKind } from '../../../functions/core/programs/delete-program';
import { getProgramForDeletion } from '../../../functions/data/programs-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { freePort } from '../../../infra/local/dynamodb-local';
import { itemsNaming, keptAfterProgramDeletion, scanTable, storedFiles } from '../../support/erasure';
import { killAllRuntimes, killGroup, startRuntime } from '../../support/runtime-process';
import { until, randomMoment } from '../../support/eventually';
import { programWithLots } from '../../support/planning-fixtures';
import { call, createUserAndLogin } from '../../support/test-api';
import { png, upload } from '../buyer-area/support';

/**
 * A program's deletion survives a crash (part 3 §6): `DELETE /programs/{id}` marks the program and
 * queues its purge job (a 300-lot program whose buyer wrote conversations with files); the real
 * local runtime is killed with SIGKILL while that job purges, restarted on the same data, and the
 * job, run again, finishes the deletion: the table and the file store then hold nothing of the program.
 */
const deps = getDeps();
afterEach(killAllRuntimes);

it('SIGKILL while the purge job of DELETE /programs/{id} runs, restarted: the job completes the deletion and nothing of the program is left', async () => {
  const setup = await programWithLots(300);
  const programId = setup.program._id as string;
  const lots = setup.clients as unknown as { _id: string; lotcomm: string }[];
  const buyer = await createUserAndLogin('customer');
  const held = lots.slice(0, 5);
  const files: string[] = [];
  const tickets: string[] = [];
  for (const lot of held) {
    expect(
      (await call('POST', '/api/user/housings', { token: setup.promoter.token, body: { email: buyer.email, lotcomm: lot.lotcomm, program: programId } }))
        .status,
    ).toBe(201);
    const photo = await upload('/api/users/me/answer/upload-files', buyer.token, 'passeport.png', 'image/png', png);
    const ticket = await call('POST', `/api/users/me/housings/${lot._id}/tickets`, {
      token: buyer.token,
      body: { subject: 'IBAN', message: 'Mon IBAN est FR76…', files: [photo] },
    });
    expect(ticket.status).toBe(201);
    files.push(photo);
    tickets.push(ticket.body.ticket._id);
  }

  const port = await freePort();
  const first = startRuntime(port);
  await first.ready;
  const deletion = fetch(`http://localhost:${port}/api/programs/${programId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${setup.admin.token}` },
  }).catch(() => 'killed');
  // Killed once the deletion has started (the program is marked, its purge job handed over), a random moment later.
  await until('the deletion to start', async () => (await getProgramForDeletion(deps.store, programId))?.deleting === true, 60_000);
  await randomMoment(50, 600);
  const stillThere = (await getProgramForDeletion(deps.store, programId)) !== null;
  killGroup(first.child);
  await new Promise((done) => first.child.once('exit', done));
  // The request only marks the program and queues the purge: it answered (or was killed while
  // answering); the kill lands in the purge job, which removes the program item last.
  const answered = await deletion;
  expect(typeof answered === 'string' || answered.status === 200).toBe(true);
  expect(stillThere).toBe(true);

  const second = startRuntime(port);
  await second.ready;
  const purgeDone = async () =>
    (await scanTable()).some(
      (item) => item.kind === purgeProgramJobKind && (item.payload as { programId?: string }).programId === programId && item.status === 'done',
    );
  await until(
    'the purge job to finish the deletion',
    async () => (await getProgramForDeletion(deps.store, programId)) === null && (await purgeDone()),
    180_000,
  );
  killGroup(second.child);

  const needles = [programId, ...lots.map((lot) => lot._id), ...tickets, ...files, 'FR76'];
  const programKept = keptAfterProgramDeletion(programId, purgeProgramJobKind);
  // The buyer's account itself stays (not the program's); its links to the program's lots go.
  expect(await itemsNaming(needles, (item) => programKept(item) || (item.pk === `USER#${buyer.user._id}` && !String(item.sk).startsWith('HOUSING#')))).toEqual(
    [],
  );
  expect((await storedFiles()).filter((key) => files.some((id) => key.includes(id)) || key.includes(programId))).toEqual([]);
}, 540_000);
