import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import { getDeps } from '../../../functions/runtime/deps';
import { multipartFile } from '../../support/client-file';
import { call } from '../../support/test-api';
import { buyerWorld, pdf, png, upload } from './support';
import { callForFile } from '../../support/file-links';

async function outboxTo(email: string): Promise<{ subject: string; text: string }[]> {
  const { store: db } = getDeps();
  const { Items } = await db.doc.send(
    new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'OUTBOX' }, ConsistentRead: true }),
  );
  return (Items ?? [])
    .filter((item) => JSON.stringify(item.to ?? item.recipients ?? item).includes(email))
    .map((item) => ({ subject: String(item.subject), text: String(item.text ?? item.body ?? '') }));
}

let world: Awaited<ReturnType<typeof buyerWorld>>;
beforeAll(async () => {
  world = await buyerWorld('BJ');
}, 180_000);

describe('buyer area (part 1 §2 buyer area)', () => {
  it("buyer accounts: an import for an e-mail that has an account makes the lot that buyer's housing (part 1 §2 /accueil-acquereur)", async () => {
    const response = await call('GET', '/api/users/me/housings', { token: world.buyer.token });
    expect(response.status).toBe(200);
    expect(response.body.housings.map((housing: { _id: string }) => housing._id)).toEqual([world.buyerLot._id]);
    expect(response.body.housings[0].program.name).toBe('Programme BJ');
    const other = await call('GET', '/api/users/me/housings', { token: world.otherBuyer.token });
    expect(other.body.housings).toEqual([]);
  });

  it('buyer accounts: staff link a second lot by e-mail and lot comm (POST /user/housings, part 2 §7)', async () => {
    const second = world.lots.find((lot) => lot._id !== world.buyerLot._id)!;
    const linked = await call('POST', '/api/user/housings', {
      token: world.amo.token,
      body: { email: world.buyer.email, lotcomm: second.lotcomm, program: world.programId },
    });
    expect(linked.status).toBe(201);
    const housings = (await call('GET', '/api/users/me/housings', { token: world.buyer.token })).body.housings;
    expect(housings.map((housing: { _id: string }) => housing._id).sort()).toEqual([world.buyerLot._id, second._id].sort());
    const unknown = await call('POST', '/api/user/housings', {
      token: world.amo.token,
      body: { email: 'personne@nulle.part', lotcomm: second.lotcomm, program: world.programId },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(buyerAreaMessages.noAccount);
  });

  it('tickets: a buyer opens a conversation with a photo; staff answer from /projets/{id}/messages with a PDF; the buyer gets the badge, a mail, and downloads the PDF by its signed link', async () => {
    const photo = await upload('/api/users/me/answer/upload-files', world.buyer.token, 'fissure.jpg', 'image/png', png);
    const opened = await call('POST', `/api/users/me/housings/${world.buyerLot._id}/tickets`, {
      token: world.buyer.token,
      body: { subject: 'Fissure salon', message: 'Une fissure est apparue au plafond.', files: [photo] },
    });
    expect(opened.status).toBe(201);
    const ticketId = opened.body.ticket._id;
    expect(opened.body.ticket.files[0].metadata.originalname).toBe('fissure.jpg');

    const staffList = await call('GET', `/api/projets/${world.programId}/messages`, { token: world.owner.token });
    expect(staffList.body.tickets[0]).toMatchObject({ _id: ticketId, unreadByStaff: true, lotcomm: world.buyerLot.lotcomm });
    expect((await outboxTo(world.owner.email)).some((mail) => mail.subject.includes('Fissure salon'))).toBe(true);

    const plan = await upload(`/api/projets/${world.programId}/files`, world.amo.token, 'plan.pdf', 'application/pdf', pdf);
    const answered = await call('POST', `/api/projets/${world.programId}/messages/${ticketId}/answers`, {
      token: world.amo.token,
      body: { message: 'Voici le plan.', files: [plan] },
    });
    expect(answered.status).toBe(201);
    expect(answered.body.ticket.unreadByStaff).toBe(false);

    const housing = (await call('GET', `/api/users/me/housings/${world.buyerLot._id}`, { token: world.buyer.token })).body.housing;
    const badge = housing.notifications.find((notification: { badgeName: string }) => notification.badgeName === 'messages');
    expect(badge.ticket).toBe(ticketId);
    expect((await outboxTo(world.buyer.email)).some((mail) => mail.text.includes(`/logement/${world.buyerLot._id}/messages`))).toBe(true);

    const tickets = (await call('GET', `/api/users/me/housings/${world.buyerLot._id}/tickets`, { token: world.buyer.token })).body.tickets;
    const link: string = tickets[0].answers[0].files[0].url;
    // The API checks the link and redirects to the store's own short link: the file never passes the API.
    const redirected = await call('GET', link);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.location).toMatch(/^\/local-files\//);
    const downloaded = await callForFile('GET', link);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment; /);
    expect(downloaded.raw.equals(pdf)).toBe(true);

    const cleared = await call('DELETE', `/api/users/me/housings/${world.buyerLot._id}/notifications/${badge._id}`, { token: world.buyer.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body.notifications.filter((notification: { badgeName: string }) => notification.badgeName === 'messages')).toEqual([]);
  });

  it("tickets: an empty reply is refused with 'Votre réponse est vide' (part 1 §5)", async () => {
    const opened = await call('POST', `/api/users/me/housings/${world.buyerLot._id}/tickets`, {
      token: world.buyer.token,
      body: { subject: 'Question', message: 'Bonjour' },
    });
    const reply = await call('POST', '/api/users/me/answer/create', {
      token: world.buyer.token,
      body: { ticket: opened.body.ticket._id, message: '   ', files: [] },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Votre réponse est vide');
  });

  it('tickets: attachments are checked by their bytes (png, jpeg, jpg only)', async () => {
    const renamed = await call('POST', '/api/users/me/answer/upload-files', {
      token: world.buyer.token,
      ...multipartFile('files', 'photo.png', 'image/png', pdf),
    });
    expect(renamed.status).toBe(415);
    expect(renamed.body.message).toBe(buyerAreaMessages.attachmentType);
  });

  it('tickets: two replies sent at once are both kept, and one upload is carried by one message only', async () => {
    const opened = await call('POST', `/api/users/me/housings/${world.buyerLot._id}/tickets`, {
      token: world.buyer.token,
      body: { subject: 'Parallèle', message: 'Début' },
    });
    const ticket = opened.body.ticket._id;
    const photo = await upload('/api/users/me/answer/upload-files', world.buyer.token, 'a.png', 'image/png', png);
    const [first, second, third] = await Promise.all([
      call('POST', '/api/users/me/answer/create', { token: world.buyer.token, body: { ticket, message: 'Un', files: [photo] } }),
      call('POST', '/api/users/me/answer/create', { token: world.buyer.token, body: { ticket, message: 'Deux', files: [photo] } }),
      call('POST', `/api/projets/${world.programId}/messages/${ticket}/answers`, { token: world.owner.token, body: { message: 'Trois' } }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    expect(third.status).toBe(201);
    const tickets = (await call('GET', `/api/users/me/housings/${world.buyerLot._id}/tickets`, { token: world.buyer.token })).body.tickets;
    const stored = tickets.find((candidate: { _id: string }) => candidate._id === ticket);
    expect(stored.answers).toHaveLength(2);
  });

  it('documents, news, chantier and FAQ: what staff share reaches the buyer, newest first, with badges', async () => {
    const target = await call('POST', `/api/projets/${world.programId}/documents/upload`, { token: world.owner.token, body: { size: pdf.length } });
    expect(target.status).toBe(200);
    // The browser's PUT to the presigned URL lands in the file store (the PUT itself is tested with the client files).
    await getDeps().files.put(target.body.key, pdf, 'application/octet-stream');
    const document = await call('POST', `/api/projets/${world.programId}/documents`, {
      token: world.owner.token,
      body: { key: target.body.key, filename: 'notice.pdf' },
    });
    expect(document.status).toBe(201);
    const documents = await call('GET', `/api/users/me/documents?housing=${world.buyerLot._id}`, { token: world.buyer.token });
    expect(documents.body.documents.map((file: { metadata: { originalname: string } }) => file.metadata.originalname)).toContain('notice.pdf');

    const uploaded = await call('POST', `/api/projets/${world.programId}/files`, {
      token: world.owner.token,
      ...multipartFile('files', 'grue.png', 'image/png', png),
    });
    expect(uploaded.status).toBe(200);
    const image = uploaded.body.filesIds[0];
    await call('POST', `/api/projets/${world.programId}/posts`, { token: world.owner.token, body: { kind: 'actualite', title: 'Première', body: 'Texte 1' } });
    const latest = await call('POST', `/api/projets/${world.programId}/posts`, {
      token: world.owner.token,
      body: { kind: 'actualite', title: 'Seconde', body: 'Texte 2', images: [image] },
    });
    expect(latest.status).toBe(201);
    const news = await call('GET', `/api/users/me/housings/${world.buyerLot._id}/posts?kind=actualite`, { token: world.buyer.token });
    expect(news.body.posts.map((post: { title: string }) => post.title).slice(0, 2)).toEqual(['Seconde', 'Première']);
    expect((await callForFile('GET', news.body.posts[0].images[0].url)).status).toBe(200);
    expect((await call('GET', `/api/users/me/housings/${world.buyerLot._id}/posts?kind=chantier`, { token: world.buyer.token })).body.posts).toEqual([]);

    const faq = { entries: [{ question: 'Quand a lieu la livraison ?', answer: 'Au printemps.' }] };
    expect((await call('PUT', `/api/projets/${world.programId}/faq`, { token: world.amo.token, body: faq })).status).toBe(200);
    expect((await call('GET', `/api/projets/${world.programId}/faq`, { token: world.owner.token })).body).toEqual(faq);
    const program = await call('GET', `/api/users/me/housings/${world.buyerLot._id}/program`, { token: world.buyer.token });
    expect(program.body.faq).toEqual(faq);

    const badges = (await call('GET', `/api/users/me/housings/${world.buyerLot._id}`, { token: world.buyer.token })).body.housing.notifications.map(
      (notification: { badgeName: string }) => notification.badgeName,
    );
    expect(badges).toEqual(expect.arrayContaining(['documents', 'actualite']));
  });

  it("staff buyer-area screen: staff list their posts and documents (with the housing each is shared with) and delete a document, which leaves the buyer's list", async () => {
    const target = await call('POST', `/api/projets/${world.programId}/documents/upload`, { token: world.owner.token, body: { size: pdf.length } });
    await getDeps().files.put(target.body.key, pdf, 'application/octet-stream');
    const shared = await call('POST', `/api/projets/${world.programId}/documents`, {
      token: world.owner.token,
      body: { key: target.body.key, filename: 'plan-lot.pdf', housing: world.buyerLot._id },
    });
    expect(shared.status).toBe(201);
    const documentId = shared.body.document._id as string;
    const listed = await call('GET', `/api/projets/${world.programId}/documents`, { token: world.amo.token });
    expect(listed.status).toBe(200);
    expect(listed.body.documents.find((file: { _id: string }) => file._id === documentId)).toMatchObject({
      housing: world.buyerLot._id,
      metadata: { originalname: 'plan-lot.pdf' },
    });

    await call('POST', `/api/projets/${world.programId}/posts`, {
      token: world.owner.token,
      body: { kind: 'chantier', title: 'Dalle coulée', body: 'Le troisième étage est coulé.' },
    });
    const site = await call('GET', `/api/projets/${world.programId}/posts?kind=chantier`, { token: world.amo.token });
    expect(site.status).toBe(200);
    expect(site.body.posts[0]).toMatchObject({ kind: 'chantier', title: 'Dalle coulée' });

    expect((await call('DELETE', `/api/projets/${world.programId}/documents/${documentId}`, { token: world.otherPromoter.token })).status).toBe(403);
    // Two staff members deleting it at once: one succeeds, the other finds it gone.
    const [deleted, twin] = await Promise.all([
      call('DELETE', `/api/projets/${world.programId}/documents/${documentId}`, { token: world.owner.token }),
      call('DELETE', `/api/projets/${world.programId}/documents/${documentId}`, { token: world.amo.token }),
    ]);
    expect([deleted.status, twin.status].sort()).toEqual([200, 404]);
    const [winner] = [deleted, twin].filter((response) => response.status === 200);
    expect(winner.body.message).toBe(buyerAreaMessages.documentDeleted);
    const again = await call('DELETE', `/api/projets/${world.programId}/documents/${documentId}`, { token: world.owner.token });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(buyerAreaMessages.documentNotFound);
    // The deleted file is not found, for staff and for the buyer it was shared with (not refused).
    for (const token of [world.owner.token, world.buyer.token]) {
      const download = await call('GET', `/api/file/${documentId}`, { token });
      expect([download.status, download.body.message]).toEqual([404, buyerAreaMessages.fileNotFound]);
    }
    const mine = await call('GET', `/api/users/me/documents?housing=${world.buyerLot._id}`, { token: world.buyer.token });
    expect(mine.body.documents.map((file: { _id: string }) => file._id)).not.toContain(documentId);
    // An attachment is not a document: the route deletes documents only.
    const photo = await upload('/api/users/me/answer/upload-files', world.buyer.token, 'z.png', 'image/png', png);
    expect((await call('DELETE', `/api/projets/${world.programId}/documents/${photo}`, { token: world.owner.token })).status).toBe(404);
  });

  it('files: a signed link opens only its own file, and a tampered link is refused', async () => {
    const photo = await upload('/api/users/me/answer/upload-files', world.buyer.token, 'b.png', 'image/png', png);
    const other = await upload('/api/users/me/answer/upload-files', world.buyer.token, 'c.png', 'image/png', png);
    const opened = await call('POST', `/api/users/me/housings/${world.buyerLot._id}/tickets`, {
      token: world.buyer.token,
      body: { subject: 'Lien', message: 'x', files: [photo] },
    });
    const url: string = opened.body.ticket.files[0].url;
    const token = url.split('token=')[1];
    expect((await call('GET', `/api/file/${other}?token=${token}`)).status).toBe(403);
    expect((await call('GET', `/api/file/${photo}?token=${token}x`)).status).toBe(403);
    expect((await call('GET', `/api/file/${photo}`)).status).toBe(401);
    expect((await call('GET', `/api/file/${photo}`, { token: world.buyer.token })).status).toBe(302);
    // An image shows in the page: the store's link serves it inline.
    expect((await callForFile('GET', url)).headers['content-disposition']).toMatch(/^inline; filename="b.png"/);
  });

  it("client detail: the Rendez-vous tab lists the lot's meetings (none before any planning)", async () => {
    const response = await call('GET', `/api/projets/${world.programId}/clients/${world.buyerLot._id}/meetings`, { token: world.owner.token });
    expect(response.status).toBe(200);
    expect(response.body.meetings).toEqual([]);
    const messages = await call('GET', `/api/projets/${world.programId}/messages?lot=${world.buyerLot._id}`, { token: world.owner.token });
    expect(messages.body.tickets.every((ticket: { housing: string }) => ticket.housing === world.buyerLot._id)).toBe(true);
  });

  it('program logo by name: a buyer gets the logo of their own program only', async () => {
    const missing = await call('GET', `/api/program-logo-from-name?name=${encodeURIComponent('Programme BJ')}`, { token: world.buyer.token });
    expect(missing.status).toBe(404);
    await call('POST', `/api/programs/${world.programId}/avatar`, { token: world.owner.token, ...multipartFile('avatar', 'logo.png', 'image/png', png) });
    const found = await call('GET', `/api/program-logo-from-name?name=${encodeURIComponent('Programme BJ')}`, { token: world.buyer.token });
    expect(found.status).toBe(200);
    expect((await call('GET', `/api/program-logo-from-name?name=${encodeURIComponent('Programme BJ')}`, { token: world.otherBuyer.token })).status).toBe(404);
  });
});
