import { greetingName } from '../../../shared/rules/greeting';
import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { call, createUserAndLogin } from '../../support/test-api';
import { assertInvariants, buyerBooks, outboxTo, parisIso, parisSeconds, programForFile, waveOf } from './support';

/** One program for the file (its 15 plannings' 42 lots), imported once: each planning invites lots of its own. */
const program = programForFile(42);

describe('buyers of the planning: add-customer, remove-customer (part 2 §5)', () => {
  it('adds a lot of the program with its visit length and invites it when asked; the engine must still fit everyone', async () => {
    const setup = await program.freePlanning({ lots: 4, invited: 2 });
    const lot = setup.clients[2];
    const added = await call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, {
      token: setup.token,
      body: { user: lot._id, duree: 5_400_000, isMailInvitation: true },
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Acquéreur ajouté au planning.');
    expect(added.body.meeting).toEqual(expect.objectContaining({ length: 5_400_000, isActive: true, isInvitationSent: true }));
    const { planning, meetings } = await setup.read();
    expect(meetings).toHaveLength(3);
    expect(planning).toEqual(expect.objectContaining({ nbInvited: 3, nbNotBooked: 3 }));
    expect((await outboxTo(added.body.meeting.guest.mailmonsieur)).some((message) => message.text.includes(`/entrevue/${added.body.meeting.uuid}`))).toBe(true);
    const twice = await call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, {
      token: setup.token,
      body: { user: lot._id, duree: 3_600_000, isMailInvitation: false },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Cet acquéreur fait déjà partie du planning.');
    const missing = await call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, {
      token: setup.token,
      body: { duree: 3_600_000, isMailInvitation: false },
    });
    expect(missing.body.message).toBe('Veuillez sélectionner un invité !');
    await assertInvariants(setup.planningId, setup.read);
  });

  it("refuses a buyer who no longer fits: 422 'Pas de solution' with the engine's reason, nothing written", async () => {
    // One day of one AMO holds 7 one-hour visits (08:30–12:30, 14:00–17:00).
    const setup = await program.freePlanning({ lots: 8, invited: 7, days: 1 });
    const refused = await call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, {
      token: setup.token,
      body: { user: setup.clients[7]._id, duree: 3_600_000, isMailInvitation: true },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Pas de solution');
    expect(refused.body.details.reason).toBe('Pas assez de temps pour faire les visites. Veuillez ajouter des disponibilités.');
    expect((await setup.read()).meetings).toHaveLength(7);
  });

  it('removes a waiting buyer with its counters; a booked buyer must be cancelled first', async () => {
    const setup = await program.freePlanning({ lots: 3 });
    const [booked, waiting] = setup.meetings;
    await buyerBooks(setup.planningId, booked.uuid);
    const refused = await call('PATCH', `/api/rdv/${setup.planningId}/remove-customer`, { token: setup.token, body: { rdvId: booked.uuid } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Cet acquéreur a un rendez-vous : annulez-le d'abord (Calendrier puis '-') avant de le retirer du planning.");
    const removed = await call('PATCH', `/api/rdv/${setup.planningId}/remove-customer`, {
      token: setup.token,
      body: { rdvId: waiting.uuid, guestId: waiting.guest._id },
    });
    expect(removed.body.message).toBe('Acquéreur retiré du planning.');
    const { planning, meetings } = await setup.read();
    expect(meetings.map((meeting) => meeting.uuid)).not.toContain(waiting.uuid);
    expect(planning).toEqual(expect.objectContaining({ nbInvited: 2, nbBooked: 1, nbNotBooked: 1 }));
    expect((await call('GET', `/api/rdv/usr/${waiting.uuid}`)).status).toBe(404);
    await assertInvariants(setup.planningId, setup.read);
  });
});

describe('staff edit of a buyer: PATCH /rdv/{planningId}/meetings/{uuid}', () => {
  it('edits name, visitors, shoe sizes and observations; keeps nbInactive and nbNotAvailable exact', async () => {
    const setup = await program.freePlanning({ lots: 3 });
    const [meeting] = setup.meetings;
    const edited = await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${meeting.uuid}`, {
      token: setup.token,
      body: {
        nom: 'Dupont-Martin',
        visitors: [{ nom: 'Durand', prenom: 'Léa', role: 'architecte', shoeSize: '38' }],
        shoeSize: '44',
        shoeSize2: 'inconnue',
        observations: 'Prévoir un escabeau',
        isActive: false,
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.meeting).toEqual(expect.objectContaining({ isActive: false, shoeSize: '44', observations: 'Prévoir un escabeau' }));
    expect(edited.body.meeting.guest.nom).toBe('Dupont-Martin');
    await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${setup.meetings[1].uuid}`, { token: setup.token, body: { isAvailable: false } });
    expect((await setup.read()).planning).toEqual(expect.objectContaining({ nbInactive: 1, nbNotAvailable: 1 }));
    await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${meeting.uuid}`, { token: setup.token, body: { isActive: true } });
    expect((await setup.read()).planning).toEqual(expect.objectContaining({ nbInactive: 0, nbNotAvailable: 1 }));
    expect((await call('GET', `/api/rdv/usr/${setup.meetings[1].uuid}`)).body.state).toBe('unavailable');
    await assertInvariants(setup.planningId, setup.read);
  });

  it("refuses: an empty name ('Veuillez indiquer un nom'), a shoe size above 45, 'Actif' or 'Disponible' on a booked visit", async () => {
    const setup = await program.freePlanning({ lots: 2 });
    const [meeting] = setup.meetings;
    const noName = await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${meeting.uuid}`, { token: setup.token, body: { nom: '  ' } });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Veuillez indiquer un nom');
    const shoe = await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${meeting.uuid}`, { token: setup.token, body: { shoeSize: '46' } });
    expect(shoe.status).toBe(400);
    await buyerBooks(setup.planningId, meeting.uuid);
    const unavailable = await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${meeting.uuid}`, { token: setup.token, body: { isAvailable: false } });
    expect(unavailable.status).toBe(409);
    expect(unavailable.body.message).toBe('Vous essayez de rendre indisponible un rendez-vous qui à été pris...');
    const inactive = await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${meeting.uuid}`, { token: setup.token, body: { isActive: false } });
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe("Le statut Actif ne peut être modifié qu'avant la réservation : annulez d'abord le rendez-vous (Calendrier puis '-').");
    await assertInvariants(setup.planningId, setup.read);
  });

  it("update-notifications sets both channels of the selected buyers: 'Notifications correctement mises à jour.'", async () => {
    const setup = await program.freePlanning({ lots: 3 });
    const uuids = setup.meetings.slice(0, 2).map((meeting) => meeting.uuid);
    const response = await call('POST', `/api/rdv/${setup.planningId}/update-notifications`, {
      token: setup.token,
      body: { notifMail: false, notifSMS: true, uuids },
    });
    expect(response.body).toEqual({ message: 'Notifications correctement mises à jour.', done: 2 });
    const { meetings } = await setup.read();
    expect(
      meetings
        .filter((meeting) => !meeting.notifMail)
        .map((meeting) => meeting.uuid)
        .sort(),
    ).toEqual([...uuids].sort());
  });

  it('history: who, what, when, and the changed fields before and after, for each staff change', async () => {
    const setup = await program.freePlanning({ lots: 2 });
    const [meeting] = setup.meetings;
    await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${meeting.uuid}`, { token: setup.token, body: { observations: 'Clés chez le gardien' } });
    await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: meeting.uuid, rdvDate: parisSeconds(setup.dayDates[0], '09:00') },
    });
    await call('PATCH', `/api/rdv/${setup.planningId}/unbook-staff`, { token: setup.token, body: { uuid: meeting.uuid } });
    const response = await call('GET', `/api/rdv/${setup.planningId}/meetings/${meeting.uuid}/history`, { token: setup.token });
    expect(response.status).toBe(200);
    const { history } = response.body;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual([
      'Modification de la fiche',
      'Rendez-vous placé manuellement',
      'Rendez-vous annulé',
    ]);
    const by = { _id: setup.promoter.user._id, name: `${setup.promoter.user.firstname} ${setup.promoter.user.lastname}` };
    expect(history[0]).toEqual({ at: expect.any(String), by, action: 'Modification de la fiche', before: {}, after: { observations: 'Clés chez le gardien' } });
    expect(history[1].before).toEqual(expect.objectContaining({ isBooked: false, start: null }));
    expect(history[1].after).toEqual(expect.objectContaining({ isBooked: true, start: parisIso(setup.dayDates[0], '09:00'), forced: setup.promoter.user._id }));
    expect(history[2].after).toEqual(expect.objectContaining({ isBooked: false, start: null }));
  });
});

describe('planning edits: PATCH /rdv/{id}', () => {
  it("edits a message with its tags checked: 'Message modifié avec succès'; unknown or unavailable tags are refused", async () => {
    const setup = await program.freePlanning({ lots: 1, overrides: { contact: { contactNom: 'Martin' } } });
    const saved = await call('PATCH', `/api/rdv/${setup.planningId}`, {
      token: setup.token,
      body: { mailrelancemessage: 'Bonjour <NOM>, réservez : <LIEN_RDV>' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Message modifié avec succès');
    expect(saved.body.planning.messages.mailrelancemessage).toBe('Bonjour <NOM>, réservez : <LIEN_RDV>');
    const unknown = await call('PATCH', `/api/rdv/${setup.planningId}`, { token: setup.token, body: { smsrelancemessage: 'Bonjour <PRENOM>' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Les balises que vous avez utilisées ne sont pas celles indiquées comme étant disponibles.');
    const missing = await call('PATCH', `/api/rdv/${setup.planningId}`, { token: setup.token, body: { mailrappelmessage: 'Appelez <CONTACT_TELEPHONE>' } });
    expect(missing.body.message).toBe('Balise(s) CONTACT_TELEPHONE non disponible(s) sur ce planning.');
    await call('PATCH', `/api/rdv/${setup.planningId}`, { token: setup.token, body: { mailrappelmessage: 'Contact : <CONTACT_NOM>' } });
    const emptied = await call('PATCH', `/api/rdv/${setup.planningId}`, { token: setup.token, body: { contact: { contactNom: '' } } });
    expect(emptied.body.message).toBe('Balise(s) CONTACT_NOM non disponible(s) sur ce planning.');
  });

  it("edits name, address, deadline and notified persons; an empty title ('Vérifiez le titre du planning SVP.') or a past deadline are refused", async () => {
    const setup = await program.freePlanning({ lots: 1 });
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const saved = await call('PATCH', `/api/rdv/${setup.planningId}`, {
      token: setup.token,
      body: {
        name: 'Cloisons B',
        address: { numero: '7', rue: 'rue Neuve', codepostal: '69001', ville: 'Lyon' },
        bookingDeadline: deadline,
        notifiedList: [{ firstname: 'Paul', lastname: 'Roux', email: 'Paul.Roux@Lac.fr' }],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.planning).toEqual(
      expect.objectContaining({
        name: 'Cloisons B',
        bookingDeadline: deadline,
        notifiedList: [{ firstname: 'Paul', lastname: 'Roux', email: 'paul.roux@lac.fr' }],
      }),
    );
    const title = await call('PATCH', `/api/rdv/${setup.planningId}`, { token: setup.token, body: { name: ' ' } });
    expect(title.body.message).toBe('Vérifiez le titre du planning SVP.');
    const past = await call('PATCH', `/api/rdv/${setup.planningId}`, {
      token: setup.token,
      body: { bookingDeadline: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(past.body.message).toBe(
      "Attention: la date de fin de prises de rendez-vous doit être supérieure à la date d'aujourd'hui, sinon vos acquéreurs ne peuvent pas prendre rendez-vous.",
    );
    const person = await call('PATCH', `/api/rdv/${setup.planningId}`, {
      token: setup.token,
      body: { notifiedList: [{ firstname: 'Paul', lastname: 'Roux', email: 'pas-un-mail' }] },
    });
    expect(person.body.message).toBe('Email invalide');
  });
});

describe('RDV Libre: /rdv/{planningId}/free-meetings', () => {
  it("creates ('RDV Libre créé'), moves and deletes a free meeting; it blocks no buyer slot; deleting a buyer's visit is refused", async () => {
    const setup = await program.freePlanning({ lots: 2 });
    const optionsBefore = (await call('GET', `/api/rdv/usr/${setup.meetings[0].uuid}`)).body.options;
    const created = await call('POST', `/api/rdv/${setup.planningId}/free-meetings`, {
      token: setup.token,
      body: { name: 'Réunion de chantier', start: parisIso(setup.dayDates[0], '08:30'), end: parisIso(setup.dayDates[0], '10:00'), color: '#b7695d' },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('RDV Libre créé');
    expect(created.body.freeMeeting.name).toBe('*Réunion de chantier*');
    expect(created.body.freeMeeting._id).toHaveLength(9);
    expect((await call('GET', `/api/rdv/usr/${setup.meetings[0].uuid}`)).body.options).toEqual(optionsBefore);
    const moved = await call('PATCH', `/api/rdv/${setup.planningId}/free-meetings/${created.body.freeMeeting._id}`, {
      token: setup.token,
      body: { start: parisIso(setup.dayDates[1], '14:00'), end: parisIso(setup.dayDates[1], '15:00') },
    });
    expect(moved.body.freeMeeting).toEqual(expect.objectContaining({ start: parisIso(setup.dayDates[1], '14:00'), color: '#b7695d' }));
    expect((await setup.read()).planning.freeMeetings).toEqual([moved.body.freeMeeting]);
    const wrongTimes = await call('PATCH', `/api/rdv/${setup.planningId}/free-meetings/${created.body.freeMeeting._id}`, {
      token: setup.token,
      body: { end: parisIso(setup.dayDates[1], '13:00') },
    });
    expect(wrongTimes.body.message).toBe('Problème lors du placement / déplacement / suppression du RDV Libre.');
    const notFree = await call('DELETE', `/api/rdv/${setup.planningId}/free-meetings/${setup.meetings[0].uuid}`, { token: setup.token });
    expect(notFree.status).toBe(400);
    expect(notFree.body.message).toBe("Impossible de supprimer autre chose qu'un RDV Libre");
    const deleted = await call('DELETE', `/api/rdv/${setup.planningId}/free-meetings/${created.body.freeMeeting._id}`, { token: setup.token });
    expect(deleted.status).toBe(200);
    expect((await setup.read()).planning.freeMeetings).toEqual([]);
  });
});

describe('AMO availability (part 2 §4 Availability editing)', () => {
  it("TEST reports whether everyone still fits; a booked slot refuses ('Tranche horaire occupée par un rdv'); CONFIRMER saves: 'Disponibilités mises à jour avec succès'", async () => {
    const setup = await program.freePlanning({ lots: 6 });
    const [booked] = setup.meetings;
    await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: booked.uuid, rdvDate: parisSeconds(setup.dayDates[0], '09:00') },
    });
    const onBooked = await call('PATCH', `/api/rdv/test-book-unavailabilities/${setup.planningId}`, {
      token: setup.token,
      body: { events: [{ kind: 'remove', amoNb: 0, start: parisIso(setup.dayDates[0], '09:30'), end: parisIso(setup.dayDates[0], '10:00') }] },
    });
    expect(onBooked.status).toBe(200);
    expect(onBooked.body.error).toBe('Tranche horaire occupée par un rdv');
    // 5 buyers left, 13 hours free: removing a whole day (7 h) still fits, both days does not.
    const dayOff = { kind: 'remove', amoNb: 0, start: parisIso(setup.dayDates[1], '06:00'), end: parisIso(setup.dayDates[1], '20:00') };
    const ok = await call('PATCH', `/api/rdv/test-book-unavailabilities/${setup.planningId}`, { token: setup.token, body: { events: [dayOff] } });
    expect(ok.body.error).toBeNull();
    expect(ok.body.availabilities.grid.days[1].slots[0].every((slot: unknown) => slot === '@unavailable')).toBe(true);
    const tooMuch = await call('PATCH', `/api/rdv/test-book-unavailabilities/${setup.planningId}`, {
      token: setup.token,
      body: { events: [dayOff, { kind: 'remove', amoNb: 0, start: parisIso(setup.dayDates[0], '10:00'), end: parisIso(setup.dayDates[0], '17:00') }] },
    });
    expect(tooMuch.body.error).toBe('Pas assez de temps pour faire les visites. Veuillez ajouter des disponibilités.');
    const saved = await call('PATCH', `/api/rdv/book-unavailabilities/${setup.planningId}`, { token: setup.token, body: { events: [dayOff] } });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Disponibilités mises à jour avec succès');
    const options = (await call('GET', `/api/rdv/usr/${setup.meetings[1].uuid}`)).body.options as { startDate: string }[];
    expect(options.every((option) => option.startDate < parisIso(setup.dayDates[1], '00:00'))).toBe(true);
    const refused = await call('PATCH', `/api/rdv/book-unavailabilities/${setup.planningId}`, {
      token: setup.token,
      body: { events: [{ kind: 'remove', amoNb: 0, start: parisIso(setup.dayDates[0], '10:00'), end: parisIso(setup.dayDates[0], '17:00') }] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Pas assez de temps pour faire les visites. Veuillez ajouter des disponibilités.');
    await assertInvariants(setup.planningId, setup.read);
  });

  it("add-amo adds a column on every day ('AMO ajouté avec succès') and answers the grid and nbOfAmos", async () => {
    const setup = await program.freePlanning({ lots: 2 });
    const response = await call('PATCH', `/api/rdv/add-amo/${setup.planningId}`, { token: setup.token, body: {} });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ message: 'AMO ajouté avec succès', nbOfAmos: 2 }));
    expect(response.body.grid.amos).toHaveLength(2);
    expect((await setup.read()).planning.events.map((event: { nbAmo: number }) => event.nbAmo)).toEqual([2, 2]);
    const second = await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: setup.meetings[0].uuid, rdvDate: parisSeconds(setup.dayDates[0], '09:00'), selectedAmo: 1 },
    });
    expect(second.body.meeting.amoNb).toBe(1);
  });
});

describe('custom mail and sharing', () => {
  it('mail-personnalise: [PROMOTER] replaced by the promoter, tags per buyer, copies; refusals with their messages', async () => {
    const setup = await program.freePlanning({ lots: 2 });
    const [meeting] = setup.meetings;
    const noPrefix = await call('POST', `/api/rdv/${setup.planningId}/mail-personnalise`, {
      token: setup.token,
      body: { customMail: 'Bonjour', subject: 'Travaux', uuids: [meeting.uuid] },
    });
    expect(noPrefix.body.message).toBe("L'objet doit commencer par [PROMOTER].");
    const badCc = await call('POST', `/api/rdv/${setup.planningId}/mail-personnalise`, {
      token: setup.token,
      body: { customMail: 'Bonjour', subject: '[PROMOTER] Travaux', cc: 'a@b.fr; nope', uuids: [meeting.uuid] },
    });
    expect(badCc.body.message).toBe('Les adresses email indiquées ne sont pas valides.');
    const badTag = await call('POST', `/api/rdv/${setup.planningId}/mail-personnalise`, {
      token: setup.token,
      body: { customMail: 'Bonjour <PRENOM>', subject: '[PROMOTER] Travaux', uuids: [meeting.uuid] },
    });
    expect(badTag.body.message).toBe('Les balises que vous avez utilisées ne sont pas celles indiquées comme étant disponibles.');
    const sent = await call('POST', `/api/rdv/${setup.planningId}/mail-personnalise`, {
      token: setup.token,
      body: { customMail: 'Bonjour <NOM>, lot <LOTCOMM>.', subject: '[PROMOTER] Travaux', cc: 'conducteur@lac.fr;amo@lac.fr', uuids: [meeting.uuid] },
    });
    expect(await waveOf(setup.planningId, setup.token, sent)).toEqual(expect.objectContaining({ kind: 'custom', total: 1, sent: 1, done: true }));
    const mail = (await outboxTo(meeting.guest.mailmonsieur)).find((message) => message.subject === 'Lac Promotion Travaux');
    expect(mail?.text).toBe(`Bonjour ${greetingName(meeting.guest)}, lot ${meeting.guest.lotcomm}.`);
    expect(mail?.cc).toEqual(['conducteur@lac.fr', 'amo@lac.fr']);
  });

  it("share-email and share-sms send the read-only link /pview/{uuid}; invalid targets: 'Veuillez vérifier l'adresse mail / le numéro de téléphone entré'; rate-limited", async () => {
    const setup = await program.freePlanning({ lots: 1 });
    const link = `http://localhost:3000/pview/${(await setup.read()).planning.uuid}`;
    const bad = await call('POST', `/api/rdv/${setup.planningId}/share-email`, { token: setup.token, body: { emails: ['conducteur@lac.fr', 'x@'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Veuillez vérifier l'adresse mail / le numéro de téléphone entré");
    const mail = await call('POST', `/api/rdv/${setup.planningId}/share-email`, { token: setup.token, body: { emails: ['conducteur@lac.fr'] } });
    expect(await waveOf(setup.planningId, setup.token, mail)).toEqual(expect.objectContaining({ kind: 'share-email', total: 1, sent: 1, done: true }));
    expect((await outboxTo('conducteur@lac.fr')).some((message) => message.text.includes(link))).toBe(true);
    const badPhone = await call('POST', `/api/rdv/${setup.planningId}/share-sms`, { token: setup.token, body: { phoneNumbers: ['12'] } });
    expect(badPhone.body.message).toBe("Veuillez vérifier l'adresse mail / le numéro de téléphone entré");
    const sms = await call('POST', `/api/rdv/${setup.planningId}/share-sms`, { token: setup.token, body: { phoneNumbers: ['06 12 34 56 78'] } });
    expect(await waveOf(setup.planningId, setup.token, sms)).toEqual(expect.objectContaining({ kind: 'share-sms', total: 1, sent: 1, done: true }));
    expect(
      (await listOutboxMessages(getDeps().store)).some(
        (message) => message.channel === 'sms' && message.to[0] === '+33612345678' && message.text.includes(link),
      ),
    ).toBe(true);
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1)
      statuses.push((await call('POST', `/api/rdv/${setup.planningId}/share-email`, { token: setup.token, body: { emails: ['conducteur@lac.fr'] } })).status);
    expect(statuses).toContain(429);
  });
});

describe('isolation', () => {
  it('staff of another program and buyers get 403 on every kind of action; nothing changes', async () => {
    const setup = await program.freePlanning({ lots: 2 });
    const other = await createUserAndLogin('promoter');
    const customer = await createUserAndLogin('customer');
    const uuid = setup.meetings[0].uuid;
    const attempts: [string, string, unknown][] = [
      ['PATCH', `/api/rdv/book-force/${setup.planningId}`, { selected: uuid, rdvDate: parisSeconds(setup.dayDates[0], '09:00') }],
      ['POST', `/api/rdv/${setup.planningId}/relancer`, { relanceMail: true, uuids: [uuid] }],
      ['PATCH', `/api/rdv/${setup.planningId}/meetings/${uuid}`, { isActive: false }],
      ['PATCH', `/api/rdv/${setup.planningId}`, { name: 'Piraté' }],
      ['GET', `/api/rdv/${setup.planningId}/meetings/${uuid}/history`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      expect((await call(method, url, { token: other.token, body })).status).toBe(403);
      expect((await call(method, url, { token: customer.token, body })).status).toBe(403);
      expect((await call(method, url, { body })).status).toBe(401);
    }
    const { planning, meetings } = await setup.read();
    expect(planning.name).toBe('Visites cloisons bâtiment A');
    expect(meetings.every((meeting) => meeting.isActive && !meeting.isBooked)).toBe(true);
  });
});
