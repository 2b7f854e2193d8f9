import type { Lot } from '../../../shared/domain/lot';
import { freePlanningCreateSchema } from '../../../shared/domain/planning';
import { defaultForm, withDayFields, type FreePlanningForm } from '../../../web/src/pages/plannings/free-planning-config';
import { draftDataOf, draftSummary, formFromDraft } from '../../../web/src/pages/plannings/free-planning-draft';
import { questionsOf, requiredContactFields, sectionOf, validateFreePlanning } from '../../../web/src/pages/plannings/free-planning-validation';
import { creationMessages } from '../../../shared/messages/plannings';

const programId = 'a'.repeat(24);
const now = new Date('2026-11-01T10:00:00.000Z');

function lot(id: number): Lot {
  return {
    _id: id.toString(16).padStart(24, '0'),
    program: programId,
    lotcomm: `A${id}`,
    nom: `Acquéreur ${id}`,
    telephonemonsieur: '0612345678',
    mailmonsieur: `a${id}@exemple.fr`,
    typologie: '2p',
    batiment: 'A',
    etage: '1',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}
const lots = [lot(1), lot(2), lot(3)];

function validForm(patch: Partial<FreePlanningForm> = {}): FreePlanningForm {
  const form = withDayFields(
    {
      ...defaultForm({ adressenumero: '3', adresserue: 'rue Neuve', adressecodepostal: '75011', adresseville: 'Paris' }),
      name: 'Visites choix',
      selectedLotIds: lots.map((l) => l._id),
    },
    { rangeStart: '2026-12-07', rangeEnd: '2026-12-11' },
  );
  return { ...form, ...patch };
}

describe('free planning validation (part 2 §5 "Planning form")', () => {
  it('a complete form gives the POST /rdv body the server schema accepts', () => {
    // Act
    const { errors, body } = validateFreePlanning(validForm(), lots, { programId, draftId: 'd1' }, now);

    // Assess
    expect(errors).toEqual({});
    expect(freePlanningCreateSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      projectId: programId,
      draftId: 'd1',
      name: 'Visites choix',
      bookingDeadline: '2026-11-30T19:00:00.000Z',
      lunchStartTime: '12:30',
      broadcastList: lots.map((l) => ({ lotId: l._id, length: 3_600_000 })),
      address: { numero: '3', rue: 'rue Neuve', codepostal: '75011', ville: 'Paris', pays: 'France' },
    });
    expect(body!.events).toHaveLength(5);
    expect(body!.launchDate).toBeUndefined();
  });

  it('reports each missing field with its exact French message', () => {
    const form = validForm({
      name: '',
      selectedLotIds: [],
      lunchStartTime: '',
      address: { numero: '', rue: '', codepostal: '', ville: '', pays: '' },
      launchEnabled: true,
      launchDate: '',
    });
    const { errors, body } = validateFreePlanning(form, lots, { programId }, now);
    expect(body).toBeNull();
    expect(errors).toMatchObject({
      name: 'Veuillez séléctionner un nom pour retrouver cette prise de rendez-vous',
      broadcastList: creationMessages.buyersRequired,
      lunch: 'Veuillez renseigner un horaire de pause déjeuner SVP',
      'address.numero': 'Veuillez indiquer un numéro de rue',
      'address.rue': 'Veuillez rentrer un nom de rue',
      'address.codepostal': 'Veuillez indiquer un code postal',
      'address.ville': 'Veuillez indiquer une ville',
      launchDate: "Veuillez séléctionner la date d'envoi des rendez-vous souhaitée",
    });
    expect(validateFreePlanning(validForm({ name: '   ' }), lots, { programId }, now).errors.name).toBe('Vérifiez le titre du planning SVP.');
  });

  it("requires the booking deadline ('Veuillez séléctionner la date limite de réponse souhaitée') and every duration ('Please input {title}!')", () => {
    const { errors } = validateFreePlanning(validForm({ deadlineDate: '', deadlineTouched: true }), lots, { programId }, now);
    expect(errors.bookingDeadline).toBe('Veuillez séléctionner la date limite de réponse souhaitée');
    const form = validForm();
    const durations = validateFreePlanning({ ...form, mTimes: { ...form.mTimes, '3p': 0, '5p': Number.NaN } }, lots, { programId }, now);
    expect(durations.body).toBeNull();
    expect(durations.errors).toMatchObject({ 'mTimes.3p': 'Please input Durée 3P!', 'mTimes.5p': 'Please input Durée 5P!' });
    expect(durations.errors['mTimes.1p']).toBeUndefined();
    expect(sectionOf('mTimes.3p')).toBe(1);
  });

  it('refuses a deadline in the past', () => {
    const { errors } = validateFreePlanning(validForm({ deadlineDate: '2026-10-31', deadlineTouched: true }), lots, { programId }, now);
    expect(errors.bookingDeadline).toBe(
      "Attention: la date de fin de prises de rendez-vous doit être supérieure à la date d'aujourd'hui, sinon vos acquéreurs ne peuvent pas prendre rendez-vous.",
    );
  });

  it('assigned AMOs: the largest AMO count of a day must equal the number selected', () => {
    const form = validForm({ areAmosAssigned: true, amoList: ['b'.repeat(24), 'c'.repeat(24)] });
    expect(validateFreePlanning(form, lots, { programId }, now).errors.amoList).toBe('Veuillez vérifier les informations sur les effectifs.');
    const matching = { ...form, days: form.days.map((day) => ({ ...day, nbAmo: 2 })) };
    expect(validateFreePlanning(matching, lots, { programId }, now).errors).toEqual({});
  });

  it('refuses unknown tags, and requires a contact field only when a message uses its tag', () => {
    const unknown = validForm();
    unknown.messages = { ...unknown.messages, smsrappelmessage: 'Rappel <INCONNU>' };
    expect(validateFreePlanning(unknown, lots, { programId }, now).errors['messages.smsrappelmessage']).toBe(
      'Les balises que vous avez utilisées ne sont pas celles indiquées comme étant disponibles',
    );

    const tagged = validForm();
    tagged.messages = { ...tagged.messages, mailinvitationmessage: 'Contact : <CONTACT_NOM> <CONTACT_TELEPHONE>' };
    expect(requiredContactFields(tagged.messages)).toEqual(['contactNom', 'contactTelephone']);
    const { errors } = validateFreePlanning(tagged, lots, { programId }, now);
    expect(errors['contact.contactNom']).toBe('Ce champ est à remplir !');
    expect(errors['contact.contactTelephone']).toBe('Ce champ est à remplir !');
    expect(errors['contact.contactMail']).toBeUndefined();
    expect(sectionOf('contact.contactNom')).toBe(8);
    expect(sectionOf('address.rue')).toBe(10);
  });

  it("requires the three virtual-visit paragraphs ('Obligatoire') once customised", () => {
    const form = validForm({ vrEnabled: true, vrText: { firstParagraph: 'Bienvenue', secondParagraph: '', thirdParagraph: ' ' } });
    const { errors } = validateFreePlanning(form, lots, { programId }, now);
    expect(errors['vrText.secondParagraph']).toBe('Obligatoire');
    expect(errors['vrText.thirdParagraph']).toBe('Obligatoire');
    expect(errors['vrText.firstParagraph']).toBeUndefined();
  });

  it("adds the 'Accompagnants' question when a companion maximum is set", () => {
    expect(questionsOf({ questions: ['shoeSize'], maxVisitorsNb: 3 })).toEqual(['shoeSize', 'visitors']);
    expect(questionsOf({ questions: ['shoeSize', 'visitors'], maxVisitorsNb: 0 })).toEqual(['shoeSize']);
  });
});

describe('draft serialisation (part 2 §4 "Drafts")', () => {
  it('saves the whole form and reads it back', () => {
    const form = validForm({ lengths: { [lots[0]._id]: 7_200_000 }, attachment: { attachmentId: 'f1', filename: 'plan.pdf' } });
    const data = JSON.parse(JSON.stringify(draftDataOf(form))) as unknown;
    expect(formFromDraft(data)).toEqual(form);
    expect(draftSummary(data)).toEqual({ phase: 'choices', firstDay: '2026-12-07', lastDay: '2026-12-11', deadline: { date: '2026-11-30', time: '20:00' } });
  });

  it('keeps the defaults for missing or mistyped fields of an older draft', () => {
    const form = formFromDraft({
      version: 0,
      form: {
        name: 'Ancien',
        nbAmo: 'trois',
        days: [{ date: '2026-12-07', start: '09:00', end: '12:00', nbAmo: 2 }, { bad: true }],
        contact: { contactNom: 'Martin' },
      },
    });
    expect(form.name).toBe('Ancien');
    expect(form.nbAmo).toBe(1);
    expect(form.days).toEqual([{ date: '2026-12-07', start: '09:00', end: '12:00', nbAmo: 2 }]);
    expect(form.contact.contactNom).toBe('Martin');
    expect(form.contact.contactPrenom).toBe('');
    expect(form.lunchStartTime).toBe('12:30');
    expect(formFromDraft(null)).toEqual(defaultForm());
  });
});
