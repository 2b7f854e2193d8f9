import { bookingMessages } from '../../../shared/messages/booking';
import { purgeProgramJobId, purgeProgramJobKind } from '../../../functions/core/programs/delete-program';
import { getJob } from '../../../functions/data/jobs-repository';
import { getPlanning } from '../../../functions/data/plannings-repository';
import { getProgramForDeletion, markProgramDeleting } from '../../../functions/data/programs-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { multipartFile } from '../../support/client-file';
import { itemsNaming, keptAfterProgramDeletion, storedFiles } from '../../support/erasure';
import { call, createUserAndLogin, holdSignalledJobs, signalledJobsIdle } from '../../support/test-api';
import { pdf, png, upload } from '../buyer-area/support';
import { buyerBooks, freePlanning, outboxTo } from '../planning-actions/support';
import { inDays, tour } from '../virtual-visits/support';

/**
 * Deleting a program leaves nothing of it (part 3 §6): after DELETE /programs/{id} and its purge
 * job, the whole table and the whole file store are read and nothing names the program, its
 * plannings, lots, meetings, conversations, files or 3D visit, nor its buyer. What stays is listed
 * with its reason in test/support/erasure.ts, plus the buyer's own account (not the program's: the
 * buyer may hold housings elsewhere).
 */
const deps = getDeps();
// A whole program lived in, then read back item by item: slow on the shared machine.
jest.setTimeout(180_000);

/** A program whose buyer used everything: a booking, a conversation with files both ways, badges, documents, news, FAQ, a 3D visit seen once. */
async function livedInProgram() {
  const setup = await freePlanning({ lots: 3, invited: 2 });
  const programId = setup.program._id as string;
  const [meeting, other] = setup.meetings;
  const buyerEmail = meeting.guest.mailmonsieur;
  const buyer = await createUserAndLogin('customer', { email: buyerEmail });
  expect(
    (await call('POST', '/api/user/housings', { token: setup.promoter.token, body: { email: buyerEmail, lotcomm: meeting.guest.lotcomm, program: programId } }))
      .status,
  ).toBe(201);
  const lotId = meeting.guest._id;
  expect((await buyerBooks(setup.planningId, meeting.uuid)).status).toBe(200);

  const passport = await upload('/api/users/me/answer/upload-files', buyer.token, 'passeport.png', 'image/png', png);
  const ticket = await call('POST', `/api/users/me/housings/${lotId}/tickets`, {
    token: buyer.token,
    body: { subject: 'Coordonnées bancaires', message: 'Mon IBAN est FR76 3000 6000 0112 3456 7890 189', files: [passport] },
  });
  expect(ticket.status).toBe(201);
  const staffFile = await upload(`/api/projets/${programId}/files`, setup.promoter.token, 'plan.png', 'image/png', png);
  expect(
    (
      await call('POST', `/api/projets/${programId}/messages/${ticket.body.ticket._id}/answers`, {
        token: setup.promoter.token,
        body: { message: 'Reçu', files: [staffFile] },
      })
    ).status,
  ).toBe(201);
  const image = await upload(`/api/projets/${programId}/files`, setup.promoter.token, 'chantier.png', 'image/png', png);
  expect(
    (
      await call('POST', `/api/projets/${programId}/posts`, {
        token: setup.promoter.token,
        body: { kind: 'chantier', title: 'Gros œuvre', body: 'Terminé', images: [image] },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await call('PUT', `/api/projets/${programId}/faq`, {
        token: setup.promoter.token,
        body: { entries: [{ question: 'Parking ?', answer: 'Au sous-sol.' }] },
      })
    ).status,
  ).toBe(200);
  const documents: string[] = [];
  for (const housing of [lotId, undefined]) {
    const target = await call('POST', `/api/projets/${programId}/documents/upload`, { token: setup.promoter.token, body: { size: pdf.length } });
    await deps.files.put(target.body.key, pdf, 'application/pdf');
    const shared = await call('POST', `/api/projets/${programId}/documents`, {
      token: setup.promoter.token,
      body: { key: target.body.key, filename: 'acte.pdf', ...(housing ? { housing } : {}) },
    });
    expect(shared.status).toBe(201);
    documents.push(shared.body.document._id);
  }
  expect(
    (await call('POST', `/api/programs/${programId}/avatar`, { token: setup.promoter.token, ...multipartFile('avatar', 'logo.png', 'image/png', png) })).status,
  ).toBe(200);
  const visit = await call('POST', `/api/rdv/${setup.planningId}/visites-3d`, {
    token: setup.token,
    body: {
      meetingUuid: meeting.uuid,
      pointer: 'Lot en 3D',
      payload: tour('LOT001'),
      email: buyerEmail,
      startDate: inDays(0),
      endDate: inDays(21),
      sendMail: false,
    },
  });
  expect(visit.status).toBe(201);
  const vrUuid = visit.body.vrUuid as string;
  expect((await call('POST', `/api/rdv/${setup.planningId}/envoi-vv`, { token: setup.token, body: { uuids: [meeting.uuid] } })).body.total).toBe(1);
  expect((await call('POST', `/api/vv/${vrUuid}/increment`, { ip: '90.12.34.56' })).status).toBe(200);
  expect((await call('GET', `/api/vv/${vrUuid}`)).body.visit.name).toBe(meeting.guest.nom);
  const files = [passport, staffFile, image, ...documents];
  const fileKeys = [...files.map((id) => `area-files/${id}`)];
  for (const key of fileKeys) expect(await deps.files.get(key)).not.toBeNull();
  return { setup, programId, buyer, buyerEmail, lotId, meeting, other, ticketId: ticket.body.ticket._id as string, files, fileKeys, vrUuid };
}

describe('deleting a program erases everything of it (part 3 §6)', () => {
  it('after DELETE /programs/{id} and its purge job, neither the table nor the file store holds anything of the program or its buyer but their account, the appointment log and the local outbox', async () => {
    const world = await livedInProgram();
    const { setup, programId } = world;
    const storeBefore = new Set(await storedFiles());
    const hold = holdSignalledJobs();
    const deleted = await call('DELETE', `/api/programs/${programId}`, { token: setup.admin.token, answerOnly: true });
    // The answer comes before the purge: the program is marked (hidden from everyone), its purge
    // job queued in the same transaction, its planning not yet touched.
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 200, body: { message: 'Programme supprimé !', state: 'deleting' } });
    expect(await getProgramForDeletion(deps.store, programId)).toEqual(expect.objectContaining({ deleting: true }));
    expect(await getJob(deps.store, purgeProgramJobId(programId))).toEqual(expect.objectContaining({ kind: purgeProgramJobKind, status: 'pending' }));
    expect(await getPlanning(deps.store, setup.planningId)).not.toBeNull();
    // Reachable by nobody from the answer on: the program, the buyer's files, the public visit.
    expect((await call('GET', `/api/programs/${programId}`, { token: setup.admin.token, answerOnly: true })).status).toBe(404);
    expect((await call('GET', `/api/file/${world.files[0]}`, { token: world.buyer.token, answerOnly: true })).status).not.toBe(200);
    expect((await call('GET', `/api/vv/${world.vrUuid}`, { answerOnly: true })).status).toBe(404);
    hold.release();
    await signalledJobsIdle();
    // The purge job finished the deletion and erased the program's job records.
    expect((await getJob(deps.store, purgeProgramJobId(programId)))?.status).toBe('done');
    expect((await call('GET', `/api/users/me/housings/${world.lotId}/tickets`, { token: world.buyer.token })).status).not.toBe(200);

    const needles = [
      programId,
      setup.planningId,
      world.lotId,
      world.meeting.uuid,
      world.other.uuid,
      world.ticketId,
      world.vrUuid,
      world.buyerEmail,
      world.meeting.guest.nom,
      'FR76',
      ...world.files,
      ...setup.clients.map((client: { _id: string }) => client._id),
    ];
    const programKept = keptAfterProgramDeletion(programId, purgeProgramJobKind);
    const kept = (item: Record<string, unknown>) => {
      const pk = String(item.pk);
      // The buyer's own account: its profile, e-mail and username uniqueness items, sessions.
      if (pk === `USER#${world.buyer.user._id}` && !String(item.sk).startsWith('HOUSING#')) return true;
      // A staff send's recent-claim (RECENT#) expires by TTL 10 minutes after the send and names a meeting that no longer exists.
      return pk.startsWith('UNIQUE#') || pk.startsWith('USERINDEXLOG#') || pk.startsWith('RECENT#') || programKept(item);
    };
    expect(await itemsNaming(needles, kept)).toEqual([]);
    const store = await storedFiles();
    expect(store.filter((key) => world.fileKeys.some((fileKey) => key.startsWith(fileKey)) || key.includes(programId))).toEqual([]);
    // Nothing the program owned is left in the store: what is there was there before, or is not its.
    expect(store.filter((key) => !storeBefore.has(key) && needles.some((needle) => key.includes(needle)))).toEqual([]);
  });

  it('a booking on a program being deleted is refused with a clear French message, and no confirmation leaves', async () => {
    const setup = await freePlanning({ lots: 2 });
    const [meeting] = setup.meetings;
    const mailsBefore = (await outboxTo(meeting.guest.mailmonsieur)).length;
    // The deletion's first step (DELETE marks the program before it stops its plannings).
    await markProgramDeleting(deps.store, setup.program._id, new Date().toISOString());
    const booking = await buyerBooks(setup.planningId, meeting.uuid);
    expect(booking.status).toBe(409);
    expect(booking.body.message).toBe(bookingMessages.programDeleted);
    expect(await outboxTo(meeting.guest.mailmonsieur)).toHaveLength(mailsBefore);
    expect((await call('DELETE', `/api/programs/${setup.program._id}`, { token: setup.admin.token })).status).toBe(200);
  });
});
