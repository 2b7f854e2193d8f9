import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getLot } from '../../../functions/data/lots-repository';
import { getHousingLink } from '../../../functions/data/housing-links-repository';
import { linkFoundLot } from '../../../functions/core/accounts/link-housings';
import { newObjectId } from '../../../functions/core/security/ids';
import { getDeps } from '../../../functions/runtime/deps';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import { messages } from '../../../shared/messages/common';
import { call, createUserAndLogin, uniqueIp } from '../../support/test-api';
import { buyerWorld } from './support';
import { clientFileBody } from '../../support/client-file';
import { raceOnWorkers } from '../../support/test-pool';

let world: Awaited<ReturnType<typeof buyerWorld>>;
beforeAll(async () => {
  world = await buyerWorld('BI');
}, 180_000);

/** The set-password links mailed to an address, oldest first. */
async function invitationLinks(email: string): Promise<string[]> {
  const mails = (await listOutboxMessages(getDeps().store)).filter(
    (message) => message.to.includes(email) && message.subject === 'Livrea : votre espace acquéreur',
  );
  return mails.map((mail) => /http\S+reset-password\S+/.exec(mail.text)![0]);
}

/** A lot of the world's program bought under a fresh e-mail that has no account. */
async function lotWithoutAccount(lotcomm: string): Promise<{ lotId: string; email: string }> {
  const email = `invite-${lotcomm.toLowerCase()}-${Date.now()}@acquereurs.test`;
  const rows = [{ ...world.rows[1], lotcomm, mailmonsieur: email }];
  expect(
    (await call('POST', `/api/programs/${world.programId}/lockup-clients`, { token: world.administrator.token, ...(await clientFileBody(rows)) })).status,
  ).toBe(202);
  const lots = (await call('GET', `/api/programs/${world.programId}/clients?limit=500`, { token: world.owner.token })).body.clients as {
    _id: string;
    lotcomm: string;
  }[];
  return { lotId: lots.find((lot) => lot.lotcomm === lotcomm)!._id, email };
}

describe('buyer invitation from the client detail page (part 1 §2 buyer area, §6, part 2 §2.2)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('invitation: a buyer who never had a login gets an account linked to the lot and a set-password link that works once', async () => {
    const { lotId, email } = await lotWithoutAccount('BI-1');
    const invited = await call('POST', `/api/projets/${world.programId}/clients/${lotId}/invite`, { token: world.amo.token });
    expect(invited.status).toBe(200);
    expect(invited.body).toEqual({ message: buyerAreaMessages.invitationSent, invited: true });
    const [link] = await invitationLinks(email);
    expect(link).toBeDefined();
    const token = new URL(link).searchParams.get('token')!;
    const set = await call('POST', '/api/user/reset', { body: { email, token, newPassword: 'mon-mot-de-passe-1' } });
    expect(set.status).toBe(200);
    const login = await call('POST', '/api/users/login', { body: { email, password: 'mon-mot-de-passe-1' }, ip: uniqueIp() });
    expect(login.status).toBe(200);
    const housings = (await call('GET', '/api/users/me/housings', { token: login.body.token })).body.housings as { _id: string }[];
    expect(housings.map((housing) => housing._id)).toEqual([lotId]);
    const again = await call('POST', '/api/user/reset', { body: { email, token, newPassword: 'autre-mot-de-passe-2' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.resetInvalid);
  });

  it('invitation: the set-password link expires after 20 minutes (part 1 §9 reset link validity)', async () => {
    const { lotId, email } = await lotWithoutAccount('BI-2');
    expect((await call('POST', `/api/projets/${world.programId}/clients/${lotId}/invite`, { token: world.owner.token })).status).toBe(200);
    const token = new URL((await invitationLinks(email))[0]).searchParams.get('token')!;
    const later = new Date(Date.now() + 21 * 60_000);
    jest.spyOn(getDeps(), 'now').mockReturnValue(later);
    const expired = await call('POST', '/api/user/reset', { body: { email, token, newPassword: 'trop-tard-2026' } });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(messages.resetInvalid);
  });

  it('invitation: two staff members inviting the same buyer at once create one account and send one mail', async () => {
    const { lotId, email } = await lotWithoutAccount('BI-3');
    // Three worker processes, as three Lambda instances.
    const invite = `/api/projets/${world.programId}/clients/${lotId}/invite`;
    const answers = await raceOnWorkers(3, { method: 'POST', url: invite }, (race) =>
      Promise.all([world.owner, world.amo, world.administrator].map((staff) => race('POST', invite, { token: staff.token }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.body.invited === true)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.invited === false).map((answer) => answer.body.message)).toEqual([
      buyerAreaMessages.accountExists,
      buyerAreaMessages.accountExists,
    ]);
    expect(await invitationLinks(email)).toHaveLength(1);
  }, 120_000);

  it('invitation: a buyer with an account already gets the lot linked and no mail; a staff e-mail is refused', async () => {
    const rows = [{ ...world.rows[1], lotcomm: 'BI-4', mailmonsieur: world.buyer.email }];
    expect(
      (await call('POST', `/api/programs/${world.programId}/lockup-clients`, { token: world.administrator.token, ...(await clientFileBody(rows)) })).status,
    ).toBe(202);
    const lots = (await call('GET', `/api/programs/${world.programId}/clients?limit=500`, { token: world.owner.token })).body.clients as {
      _id: string;
      lotcomm: string;
    }[];
    const target = lots.find((candidate) => candidate.lotcomm === 'BI-4')!;
    const existing = await call('POST', `/api/projets/${world.programId}/clients/${target._id}/invite`, { token: world.amo.token });
    expect(existing.body).toEqual({ message: buyerAreaMessages.accountExists, invited: false });
    expect(await invitationLinks(world.buyer.email)).toHaveLength(0);
    const housings = (await call('GET', '/api/users/me/housings', { token: world.buyer.token })).body.housings as { _id: string }[];
    expect(housings.map((housing) => housing._id)).toContain(target._id);

    const staffRows = [{ ...world.rows[1], lotcomm: 'BI-5', mailmonsieur: world.amo.email }];
    expect(
      (await call('POST', `/api/programs/${world.programId}/lockup-clients`, { token: world.administrator.token, ...(await clientFileBody(staffRows)) }))
        .status,
    ).toBe(202);
    const staffLot = (
      (await call('GET', `/api/programs/${world.programId}/clients?limit=500`, { token: world.owner.token })).body.clients as { _id: string; lotcomm: string }[]
    ).find((candidate) => candidate.lotcomm === 'BI-5')!;
    const refused = await call('POST', `/api/projets/${world.programId}/clients/${staffLot._id}/invite`, { token: world.owner.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(buyerAreaMessages.staffEmail);
  });

  it('isolation: only staff of the program may invite (part 1 §6)', async () => {
    const { lotId } = await lotWithoutAccount('BI-6');
    const stranger = await createUserAndLogin('promoter');
    const forbidden = await call('POST', `/api/projets/${world.programId}/clients/${lotId}/invite`, { token: stranger.token });
    expect(forbidden.status).toBe(403);
    const buyer = await call('POST', `/api/projets/${world.programId}/clients/${lotId}/invite`, { token: world.buyer.token });
    expect(buyer.status).toBe(403);
    expect(
      await invitationLinks((await call('GET', `/api/programs/${world.programId}/clients/${lotId}`, { token: world.owner.token })).body.mailmonsieur),
    ).toHaveLength(0);
  });

  describe('a lot whose buyers change while it is being linked (part 1 §6: a link opens a housing to its current buyers)', () => {
    /** The lot as read before the change, then its buyers' e-mails changed by staff (a new tenure). */
    async function readThenChanged(lotcomm: string, patch: (email: string) => Record<string, string>) {
      const { lotId, email } = await lotWithoutAccount(lotcomm);
      const before = (await getLot(getDeps().store, world.programId, lotId))!;
      const changed = await call('PATCH', `/api/programs/${world.programId}/clients/${lotId}`, { token: world.owner.token, body: patch(email) });
      expect(changed.status).toBe(200);
      const after = (await getLot(getDeps().store, world.programId, lotId))!;
      expect(after.tenure).not.toBe(before.tenure);
      const staleLink = {
        userId: newObjectId(),
        lotId,
        programId: world.programId,
        linkedAt: new Date().toISOString(),
        ...(before.tenure ? { tenure: before.tenure } : {}),
      };
      return { email, after, staleLink };
    }

    it('still bought under the e-mail (a second buyer added): linked in the new tenure, not refused', async () => {
      const { email, after, staleLink } = await readThenChanged('BI-T1', () => ({ mailmadame: `conjoint-${Date.now()}@acquereurs.test` }));
      await linkFoundLot(getDeps(), staleLink, email);
      expect((await getLot(getDeps().store, world.programId, after._id))?.owner).toBe(staleLink.userId);
      expect((await getHousingLink(getDeps().store, staleLink.userId, after._id))?.tenure).toBe(after.tenure);
    });

    it('no longer bought under the e-mail (the buyer replaced): left unlinked, not refused', async () => {
      const { email, after, staleLink } = await readThenChanged('BI-T2', () => ({ mailmonsieur: `repreneur-${Date.now()}@acquereurs.test` }));
      await linkFoundLot(getDeps(), staleLink, email);
      expect((await getLot(getDeps().store, world.programId, after._id))?.owner).not.toBe(staleLink.userId);
      expect(await getHousingLink(getDeps().store, staleLink.userId, after._id)).toBeNull();
    });

    it('an invitation and a change of the second buyer sent at once: both answered 200, and the set-password mail goes out', async () => {
      for (const round of [1, 2, 3]) {
        const { lotId, email } = await lotWithoutAccount(`BI-R${round}`);
        const [invited, changed] = await Promise.all([
          call('POST', `/api/projets/${world.programId}/clients/${lotId}/invite`, { token: world.amo.token }),
          call('PATCH', `/api/programs/${world.programId}/clients/${lotId}`, {
            token: world.owner.token,
            body: { mailmadame: `conjoint-${round}-${Date.now()}@acquereurs.test` },
          }),
        ]);
        expect([invited.status, changed.status]).toEqual([200, 200]);
        expect(await invitationLinks(email)).toHaveLength(1);
      }
    });
  });
});
