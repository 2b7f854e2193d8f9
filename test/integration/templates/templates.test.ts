import { createDefaultTemplates } from '../../../functions/core/templates/default-templates';
import { getDeps } from '../../../functions/runtime/deps';
import { defaultTemplates } from '../../../shared/messages/default-templates';
import { call, createUserAndLogin } from '../../support/test-api';

const texts = {
  mailInvitation: 'Bonjour <NOM>, réservez ici : <LIEN_RDV>',
  smsInvitation: '<PROMOTEUR> : réservez <LIEN_RDV>',
  mailConfirmation: 'Rendez-vous confirmé le <DEBUT_VISITE>',
  mailRelance: 'Pensez à réserver avant le <FIN_PRISE_RDV>',
  smsRelance: 'Relance <LIEN_RDV>',
  mailRappel: 'Rappel : <DEBUT_VISITE>, <ADRESSE>',
  smsRappel: 'Rappel <DEBUT_VISITE>',
};

async function createTemplate(token: string, name = 'Mon modèle') {
  const created = await call('POST', '/api/users/me/template/create', { token, body: { name, ...texts } });
  expect(created.status).toBe(201);
  return created.body.template as { _id: string; name: string };
}

const listOf = async (token: string) =>
  (await call('GET', '/api/users/me/templates', { token })).body.templates as {
    _id: string;
    name: string;
    isOwner: boolean;
    mailRelance: string;
    smsRappel: string;
    authorized: string[];
  }[];

describe('message templates (part 1 §2 wizard, part 3 §2 list, §6 sharing, §7 calls)', () => {
  it("creating: 'Modèle créé avec succès', then the template is in the owner's list only", async () => {
    const promoter = await createUserAndLogin('promoter');
    const other = await createUserAndLogin('promoter');
    const created = await call('POST', '/api/users/me/template/create', { token: promoter.token, body: { name: 'Cloisons', ...texts } });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Modèle créé avec succès');

    const mine = await listOf(promoter.token);
    expect(mine.map((template) => [template.name, template.isOwner, template.mailRelance])).toEqual([['Cloisons', true, texts.mailRelance]]);
    expect(await listOf(other.token)).toEqual([]);
  });

  it('part 1 §5: a text with a tag outside the allowed set is refused (400, the spec message); an empty text or name too', async () => {
    const promoter = await createUserAndLogin('promoter');
    const wrongTag = await call('POST', '/api/users/me/template/create', {
      token: promoter.token,
      body: { name: 'X', ...texts, smsRelance: 'Bonjour <PRENOM>' },
    });
    expect(wrongTag.status).toBe(400);
    expect(wrongTag.body.message).toBe('Les balises que vous avez utilisées ne sont pas celles indiquées comme étant disponibles');
    expect(wrongTag.body.errors[0].path).toBe('smsRelance');
    const noName = await call('POST', '/api/users/me/template/create', { token: promoter.token, body: { name: ' ', ...texts } });
    expect(noName.body.message).toBe('Veuillez indiquer un nom');
    const emptyText = await call('POST', '/api/users/me/template/create', { token: promoter.token, body: { name: 'Y', ...texts, mailRappel: '' } });
    expect(emptyText.status).toBe(400);
    expect(await listOf(promoter.token)).toEqual([]);
  });

  it('PATCH /templates/{id}: the owner edits one text; a wrong tag or a stranger gets the refusal', async () => {
    const promoter = await createUserAndLogin('promoter');
    const stranger = await createUserAndLogin('amo');
    const template = await createTemplate(promoter.token);

    const edited = await call('PATCH', `/api/templates/${template._id}`, {
      token: promoter.token,
      body: { field: 'smsRappel', value: 'Demain <DEBUT_VISITE>' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.template.smsRappel).toBe('Demain <DEBUT_VISITE>');
    expect((await listOf(promoter.token))[0].smsRappel).toBe('Demain <DEBUT_VISITE>');

    const badTag = await call('PATCH', `/api/templates/${template._id}`, { token: promoter.token, body: { field: 'smsRappel', value: '<FOO>' } });
    expect(badTag.status).toBe(400);
    const foreign = await call('PATCH', `/api/templates/${template._id}`, { token: stranger.token, body: { field: 'smsRappel', value: 'pirate' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Impossible de modifier le template');
    expect((await listOf(promoter.token))[0].smsRappel).toBe('Demain <DEBUT_VISITE>');
  });

  it('part 3 §6: the owner authorizes an AMO, who then sees, edits and deletes it; only AMOs may be authorized, only by the owner', async () => {
    const promoter = await createUserAndLogin('promoter');
    const amo = await createUserAndLogin('amo');
    const otherPromoter = await createUserAndLogin('promoter');
    const template = await createTemplate(promoter.token, 'Partagé');
    expect(await listOf(amo.token)).toEqual([]);

    const notAmo = await call('PATCH', `/api/templates/${template._id}`, { token: promoter.token, body: { authorized: [otherPromoter.user._id] } });
    expect(notAmo.status).toBe(400);
    expect(notAmo.body.message).toBe('Seuls des utilisateurs AMO peuvent être autorisés sur un modèle.');

    const shared = await call('PATCH', `/api/templates/${template._id}`, { token: promoter.token, body: { authorized: [amo.user._id] } });
    expect(shared.status).toBe(200);
    const seen = await listOf(amo.token);
    expect(seen.map((entry) => [entry.name, entry.isOwner])).toEqual([['Partagé', false]]);

    const reshare = await call('PATCH', `/api/templates/${template._id}`, { token: amo.token, body: { authorized: [] } });
    expect(reshare.status).toBe(403);
    expect(
      (await call('PATCH', `/api/templates/${template._id}`, { token: amo.token, body: { field: 'mailRelance', value: 'Relance AMO <NOM>' } })).status,
    ).toBe(200);
    expect((await listOf(promoter.token))[0].mailRelance).toBe('Relance AMO <NOM>');

    const deleted = await call('DELETE', `/api/users/me/templates/${template._id}`, { token: amo.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Modèle supprimé avec succès');
    expect(await listOf(promoter.token)).toEqual([]);
    expect(await listOf(amo.token)).toEqual([]);
    const again = await call('DELETE', `/api/users/me/templates/${template._id}`, { token: promoter.token });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Erreur lors de la suppression du modèle');
  });

  it('removing an AMO from the list takes the template out of their list and their rights', async () => {
    const promoter = await createUserAndLogin('promoter');
    const amo = await createUserAndLogin('amo');
    const template = await createTemplate(promoter.token);
    await call('PATCH', `/api/templates/${template._id}`, { token: promoter.token, body: { authorized: [amo.user._id] } });
    await call('PATCH', `/api/templates/${template._id}`, { token: promoter.token, body: { authorized: [] } });

    expect(await listOf(amo.token)).toEqual([]);
    expect((await call('DELETE', `/api/users/me/templates/${template._id}`, { token: amo.token })).status).toBe(404);
    expect(await listOf(promoter.token)).toHaveLength(1);
  });

  it('two people editing two texts at once both keep their edit', async () => {
    const promoter = await createUserAndLogin('promoter');
    const amo = await createUserAndLogin('amo');
    const template = await createTemplate(promoter.token);
    await call('PATCH', `/api/templates/${template._id}`, { token: promoter.token, body: { authorized: [amo.user._id] } });

    const [first, second] = await Promise.all([
      call('PATCH', `/api/templates/${template._id}`, { token: promoter.token, body: { field: 'mailRelance', value: 'Relance du promoteur' } }),
      call('PATCH', `/api/templates/${template._id}`, { token: amo.token, body: { field: 'smsRappel', value: 'Rappel de l’AMO' } }),
    ]);

    expect([first.status, second.status]).toEqual([200, 200]);
    const [saved] = await listOf(promoter.token);
    expect([saved.mailRelance, saved.smsRappel]).toEqual(['Relance du promoteur', 'Rappel de l’AMO']);
  });

  it('a deletion racing a new authorization leaves no access item behind: nobody lists the template afterwards', async () => {
    const promoter = await createUserAndLogin('promoter');
    const amos = await Promise.all([createUserAndLogin('amo'), createUserAndLogin('amo')]);
    const template = await createTemplate(promoter.token);

    const [shared, deleted] = await Promise.all([
      call('PATCH', `/api/templates/${template._id}`, { token: promoter.token, body: { authorized: amos.map((amo) => amo.user._id) } }),
      call('DELETE', `/api/users/me/templates/${template._id}`, { token: promoter.token }),
    ]);

    expect(deleted.status).toBe(200);
    expect([200, 404]).toContain(shared.status);
    for (const user of [promoter, ...amos]) expect(await listOf(user.token)).toEqual([]);
  });

  it('default templates (part 1 §9): the French set is created once for a user, even when asked twice at once', async () => {
    const amo = await createUserAndLogin('amo');
    await Promise.all([createDefaultTemplates(getDeps().store, amo.user._id, new Date()), createDefaultTemplates(getDeps().store, amo.user._id, new Date())]);

    const listed = await listOf(amo.token);
    expect(listed.map((template) => template.name).sort()).toEqual(defaultTemplates.map((template) => template.name).sort());
    expect(listed.every((template) => template.isOwner)).toBe(true);
  });
});
