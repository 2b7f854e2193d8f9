import { eraseAccountJobKind } from '../../../functions/core/admin/erase-account';
import { itemsNaming, storedFiles } from '../../support/erasure';
import { call } from '../../support/test-api';
import { buyerWorld, png, upload } from '../buyer-area/support';

/**
 * Deleting a buyer's account erases what it owns (part 1 §6, part 3 §2): its conversations with
 * every file of their messages and their bytes, its badges, its uploads not yet sent, its housing
 * links, its sessions, and the job records naming it. The program keeps its lots (the buyer's
 * row in the client file is the program's). The whole table and file store are read to prove it.
 */
it("DELETE /admin/users/{id} of a buyer: nothing of the account is left in the table or the file store but the program's client file and its erasure job's trace", async () => {
  const world = await buyerWorld('ERA');
  const { buyer } = world;
  const passport = await upload('/api/users/me/answer/upload-files', buyer.token, 'passeport.png', 'image/png', png);
  const unsent = await upload('/api/users/me/answer/upload-files', buyer.token, 'brouillon.png', 'image/png', png);
  const ticket = await call('POST', `/api/users/me/housings/${world.buyerLot._id}/tickets`, {
    token: buyer.token,
    body: { subject: 'Banque', message: 'Mon IBAN est FR76 1234', files: [passport] },
  });
  expect(ticket.status).toBe(201);
  const staffFile = await upload(`/api/projets/${world.programId}/files`, world.owner.token, 'plan.png', 'image/png', png);
  expect(
    (
      await call('POST', `/api/projets/${world.programId}/messages/${ticket.body.ticket._id}/answers`, {
        token: world.owner.token,
        body: { message: 'Reçu', files: [staffFile] },
      })
    ).status,
  ).toBe(201);
  expect((await call('GET', `/api/users/me/housings/${world.buyerLot._id}`, { token: buyer.token })).body.housing.notifications).toHaveLength(1);

  expect((await call('DELETE', `/api/admin/users/${buyer.user._id}`, { token: world.administrator.token })).status).toBe(200);

  const files = [passport, unsent, staffFile];
  // What stays, and why: the program's client file (the lot and its e-mail claim: the program's
  // record of its buyer, erased with the program), the admin user list's change log (the deleted
  // account's sort key leaving the list, which keeps deep pages' boundaries right), the program's
  // client import report (its warnings quote the client file's e-mails; it expires after 30 days), the local
  // outbox (the local copy of sent mail; none in AWS), and the erasure job's trace (the id only).
  const kept = (item: Record<string, unknown>) => {
    const pk = String(item.pk);
    if (item.kind === eraseAccountJobKind) return JSON.stringify(item.payload) === JSON.stringify({ userId: buyer.user._id });
    return (
      (pk === `PROGRAM#${world.programId}` && item.sk === `LOT#${world.buyerLot._id}`) ||
      pk.startsWith('LOTMAIL#') ||
      (pk.startsWith('OPERATION#') && item.kind === 'client-import' && item.programId === world.programId) ||
      pk.startsWith('USERINDEXLOG#') ||
      pk === 'OUTBOX' ||
      pk.startsWith('OUTBOXKEY#')
    );
  };
  expect(await itemsNaming([buyer.user._id, buyer.email, ticket.body.ticket._id, 'FR76', ...files], kept)).toEqual([]);
  expect((await storedFiles()).filter((key) => files.some((id) => key.includes(id)))).toEqual([]);
  // Staff no longer see the conversation; the lot stays the program's.
  expect((await call('GET', `/api/projets/${world.programId}/messages`, { token: world.owner.token })).body.tickets).toEqual([]);
  expect((await call('GET', `/api/programs/${world.programId}/clients/${world.buyerLot._id}`, { token: world.owner.token })).status).toBe(200);
});
