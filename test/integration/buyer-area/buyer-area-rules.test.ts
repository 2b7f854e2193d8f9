import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import { multipartFile } from '../../support/client-file';
import { call, createUserAndLogin } from '../../support/test-api';
import { buyerBooks, freePlanning, parisSeconds } from '../planning-actions/support';
import { buyerWorld, pdf, png, upload } from './support';
import { followFileLink } from '../../support/file-links';

let world: Awaited<ReturnType<typeof buyerWorld>>;
beforeAll(async () => {
  world = await buyerWorld('BR');
}, 180_000);
afterEach(() => jest.restoreAllMocks());

const staffMailsAbout = async (to: string, subject: string) =>
  (await listOutboxMessages(getDeps().store, 2000)).filter((message) => message.to.includes(to) && message.subject === `Nouveau message : ${subject}`);

describe('buyer area rules (part 1 §2 buyer area)', () => {
  it('tickets (point 4): staff see the conversations waiting for an answer first, and filter them by lot (two lots, two tickets)', async () => {
    const second = world.lots.find((lot) => lot._id !== world.buyerLot._id)!;
    expect(
      (
        await call('POST', '/api/user/housings', {
          token: world.owner.token,
          body: { email: world.buyer.email, lotcomm: second.lotcomm, program: world.programId },
        })
      ).status,
    ).toBe(201);
    const open = async (housing: string, subject: string) =>
      (await call('POST', `/api/users/me/housings/${housing}/tickets`, { token: world.buyer.token, body: { subject, message: 'Bonjour' } })).body.ticket
        ._id as string;
    const first = await open(world.buyerLot._id, 'Premier lot');
    const later = await open(second._id, 'Second lot');
    // Staff answer the newer one: the older, still unanswered, comes first although older.
    expect((await call('POST', `/api/projets/${world.programId}/messages/${later}/answers`, { token: world.amo.token, body: { message: 'Vu' } })).status).toBe(
      201,
    );
    const all = (await call('GET', `/api/projets/${world.programId}/messages`, { token: world.owner.token })).body.tickets as {
      _id: string;
      unreadByStaff: boolean;
      housing: string;
    }[];
    const ours = all.filter((ticket) => [first, later].includes(ticket._id));
    expect(ours.map((ticket) => [ticket._id, ticket.unreadByStaff])).toEqual([
      [first, true],
      [later, false],
    ]);
    const unreadThenRead = all.map((ticket) => ticket.unreadByStaff);
    expect(unreadThenRead).toEqual([...unreadThenRead].sort((a, b) => Number(b) - Number(a)));

    const onlySecond = (await call('GET', `/api/projets/${world.programId}/messages?lot=${second._id}`, { token: world.owner.token })).body.tickets as {
      _id: string;
      housing: string;
    }[];
    expect(onlySecond.map((ticket) => ticket._id)).toContain(later);
    expect(onlySecond.map((ticket) => ticket._id)).not.toContain(first);
    expect(onlySecond.every((ticket) => ticket.housing === second._id)).toBe(true);
  });

  it("tickets (point 4): an attachment above 4 Mo is refused with 'Image trop volumineuse (4 Mo au plus).'", async () => {
    const big = Buffer.concat([png, Buffer.alloc(4 * 1024 * 1024, 1)]);
    const refused = await call('POST', '/api/users/me/answer/upload-files', {
      token: world.buyer.token,
      ...multipartFile('files', 'grande.png', 'image/png', big),
    });
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe(buyerAreaMessages.attachmentSize);
    const justUnder = Buffer.concat([png, Buffer.alloc(4 * 1024 * 1024 - png.length - 1, 1)]);
    expect(
      (await call('POST', '/api/users/me/answer/upload-files', { token: world.buyer.token, ...multipartFile('files', 'limite.png', 'image/png', justUnder) }))
        .status,
    ).toBe(200);
  });

  it("tickets (point 4): a buyer's reply mails the program's staff, with the link to /projets/{id}/messages", async () => {
    const subject = `Relance ${Date.now()}`;
    const ticket = (
      await call('POST', `/api/users/me/housings/${world.buyerLot._id}/tickets`, { token: world.buyer.token, body: { subject, message: 'Premier message' } })
    ).body.ticket._id;
    expect(await staffMailsAbout(world.owner.email, subject)).toHaveLength(1);
    const reply = await call('POST', '/api/users/me/answer/create', { token: world.buyer.token, body: { ticket, message: 'Toujours rien ?', files: [] } });
    expect(reply.status).toBe(201);
    const mails = await staffMailsAbout(world.owner.email, subject);
    expect(mails).toHaveLength(2);
    expect(mails[0].text).toContain(`/projets/${world.programId}/messages`);
  });

  it('files (point 3): a signed download link stops working after 10 minutes', async () => {
    const plan = await upload(`/api/projets/${world.programId}/files`, world.owner.token, 'plan.pdf', 'application/pdf', pdf);
    const ticket = (
      await call('POST', `/api/users/me/housings/${world.buyerLot._id}/tickets`, { token: world.buyer.token, body: { subject: 'Lien', message: 'x' } })
    ).body.ticket._id;
    const answered = await call('POST', `/api/projets/${world.programId}/messages/${ticket}/answers`, {
      token: world.owner.token,
      body: { message: 'Le plan', files: [plan] },
    });
    const url: string = answered.body.ticket.answers[0].files[0].url;
    const first = await call('GET', url);
    expect(first.status).toBe(302);
    expect((await followFileLink(first.headers.location)).status).toBe(200);
    jest.spyOn(getDeps(), 'now').mockReturnValue(new Date(Date.now() + 9 * 60_000));
    expect((await call('GET', url)).status).toBe(302);
    // The store's own link, given by the redirect, lives one minute only.
    expect((await followFileLink(first.headers.location)).status).toBe(403);
    jest.spyOn(getDeps(), 'now').mockReturnValue(new Date(Date.now() + 11 * 60_000));
    const expired = await call('GET', url);
    expect(expired.status).toBe(403);
    expect(expired.body.message).toBe(buyerAreaMessages.linkExpired);
  });
});

describe("the buyer's visits (part 1 §2 buyer area, part 2 §2.2)", () => {
  it('the buyer home shows the next visit with its booking link; the client detail Rendez-vous tab shows the meeting with its status and history', async () => {
    const setup = await freePlanning({ lots: 1 });
    const [meeting] = setup.meetings;
    const buyer = await createUserAndLogin('customer', { email: meeting.guest.mailmonsieur });
    expect(
      (
        await call('POST', '/api/user/housings', {
          token: setup.promoter.token,
          body: { email: buyer.email, lotcomm: meeting.guest.lotcomm, program: setup.program._id },
        })
      ).status,
    ).toBe(201);

    const invited = (await call('GET', '/api/users/me/housings', { token: buyer.token })).body.nextVisit;
    expect(invited).toEqual({ planningName: 'Visites cloisons bâtiment A', start: null, link: `/entrevue/${meeting.uuid}`, housing: meeting.guest._id });

    const booked = await buyerBooks(setup.planningId, meeting.uuid);
    expect(booked.status).toBe(200);
    const next = (await call('GET', '/api/users/me/housings', { token: buyer.token })).body.nextVisit;
    expect(next).toEqual({
      planningName: 'Visites cloisons bâtiment A',
      start: booked.option!.startDate,
      link: `/entrevue/${meeting.uuid}`,
      housing: meeting.guest._id,
    });

    // A staff change leaves a history line; the tab shows the status and who did what.
    expect((await call('PATCH', `/api/rdv/${setup.planningId}/unbook-staff`, { token: setup.token, body: { uuid: meeting.uuid } })).status).toBe(200);
    expect(
      (
        await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
          token: setup.token,
          body: { selected: meeting.uuid, rdvDate: parisSeconds(setup.dayDates[1], '09:00') },
        })
      ).status,
    ).toBe(200);
    const tab = await call('GET', `/api/projets/${setup.program._id}/clients/${meeting.guest._id}/meetings`, { token: setup.promoter.token });
    expect(tab.status).toBe(200);
    expect(tab.body.meetings).toHaveLength(1);
    const [shown] = tab.body.meetings;
    expect(shown).toMatchObject({
      planningId: setup.planningId,
      planningName: 'Visites cloisons bâtiment A',
      uuid: meeting.uuid,
      status: 'réservé',
      link: `/entrevue/${meeting.uuid}`,
    });
    expect(shown.history.map((entry: { action: string }) => entry.action)).toEqual(['Rendez-vous annulé', 'Rendez-vous placé manuellement']);
    expect(shown.history[0].by.name).toContain(setup.promoter.user.lastname);
  });
});
