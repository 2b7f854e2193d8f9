import type { BuyerView } from '../../../shared/domain/planning';
import {
  addVisitorLabel,
  askedQuestions,
  buildBookRequest,
  contactName,
  emptyAnswers,
  emptyVisitor,
  formatAddress,
  hasVisitorErrors,
  mapsUrl,
  optimisticAvailability,
  remainingVisitors,
  telHref,
  toVisitor,
} from '../../../web/src/components/booking/booking-form';
import { validateVisitors } from '../../../web/src/components/booking/visitor-validation';

const view: BuyerView = {
  state: 'choice',
  meeting: {
    uuid: 'a1b2c3d4e5f6a7b8c9d0',
    guestName: 'Dupont',
    lotcomm: 'A12',
    typologie: '3p',
    length: 90 * 60_000,
    start: null,
    end: null,
    forced: false,
    isAvailable: true,
    maxVisitorsNb: 2,
  },
  planning: {
    _id: '0123456789abcdef01234567',
    name: 'Livraison',
    projectName: 'Les Jardins',
    projectId: 'abcdef0123456789abcdef01',
    promoter: 'Promo',
    phase: 'delivery',
    phaseLabel: 'Livraison',
    templateType: 'promoter',
    bookingDeadline: '2026-12-04T17:00:00.000Z',
    address: { numero: '12', rue: 'rue des Lilas', codepostal: '75011', ville: 'Paris' },
    contact: { contactTitre: 'Madame', contactPrenom: 'Claire', contactNom: 'Martin', contactTelephone: '06 12 34 56 78', contactMail: 'claire@promo.fr' },
    questions: ['vrSurvey', 'shoeSize', 'visitors'],
    hasLogo: false,
  },
  options: [],
};
const slot = { startDate: '2026-12-07T08:00:00.000Z', endDate: '2026-12-07T09:30:00.000Z', amoNb: 1, label: 'lundi 7 décembre 09:00' };

describe('accompanying visitors (part 1 §2, §5)', () => {
  it('requires nom and prenom with the exact messages, e-mail optional but valid', () => {
    const errors = validateVisitors(
      [{ ...emptyVisitor }, { ...emptyVisitor, nom: 'Durand', prenom: 'Léa' }, { ...emptyVisitor, nom: 'Roux', prenom: 'Paul', email: 'pas-un-mail' }].map(
        toVisitor,
      ),
    );
    expect(errors[0]).toEqual({ nom: 'Nom manquant', prenom: 'Prénom manquant' });
    expect(errors[1]).toEqual({});
    expect(errors[2]).toEqual({ email: 'Email invalide' });
    expect(hasVisitorErrors(errors)).toBe(true);
    expect(hasVisitorErrors([{}, {}])).toBe(false);
  });

  it('caps the count at maxVisitorsNb and shows the remaining count', () => {
    expect(remainingVisitors(3, 0)).toBe(3);
    expect(remainingVisitors(3, 3)).toBe(0);
    expect(remainingVisitors(1, 4)).toBe(0);
    expect(addVisitorLabel(2)).toBe('Ajouter un accompagnant (2 restants)');
    expect(addVisitorLabel(1)).toBe('Ajouter un accompagnant (1 restant)');
  });

  it('asks for visitors only when the planning asks and allows some', () => {
    expect(askedQuestions(['visitors'], 0).visitors).toBe(false);
    expect(askedQuestions(['visitors'], 2).visitors).toBe(true);
    expect(askedQuestions(['shoeSize'], 2)).toEqual({ shoeSize: true, vrSurvey: false, visitors: false });
  });
});

describe('buildBookRequest (part 1 §7 PATCH /rdv/book/{rdvId})', () => {
  it('sends usr, the slot, its label and the answers of the asked questions', () => {
    const request = buildBookRequest(view, slot, {
      shoeSize: '42',
      shoeSize2: 'inconnue',
      isInterestedVr: true,
      visitors: [{ nom: ' Durand ', prenom: 'Léa', role: 'familleami', email: '', shoeSize: '38' }],
    });
    expect(request).toEqual({
      usr: view.meeting.uuid,
      slot: { startDate: slot.startDate, amoNb: 1 },
      label: slot.label,
      extra: { isInterestedVr: true, shoeSize: '42', shoeSize2: 'inconnue', visitors: [{ nom: 'Durand', prenom: 'Léa', role: 'familleami', shoeSize: '38' }] },
    });
  });

  it('leaves out the questions the planning does not ask', () => {
    const request = buildBookRequest({ ...view, planning: { ...view.planning, questions: [] } }, slot, {
      ...emptyAnswers,
      shoeSize: '40',
      visitors: [{ ...emptyVisitor, nom: 'A', prenom: 'B' }],
    });
    expect(request.extra).toEqual({ visitors: [] });
  });
});

describe('optimisticAvailability (part 1 §2 unavailable flow, shown at once)', () => {
  const before = Date.parse('2026-12-01T10:00:00Z');
  const after = Date.parse('2026-12-05T10:00:00Z');

  it('shows unavailable with the note at once', () => {
    const next = optimisticAvailability(view, false, 'En voyage', before);
    expect(next.state).toBe('unavailable');
    expect(next.meeting).toMatchObject({ isAvailable: false, note: 'En voyage' });
  });

  it('goes back to the choice, or to closed once the deadline has passed', () => {
    const unavailable = { ...view, state: 'unavailable' as const, meeting: { ...view.meeting, isAvailable: false } };
    expect(optimisticAvailability(unavailable, true, undefined, before).state).toBe('choice');
    expect(optimisticAvailability(unavailable, true, undefined, after).state).toBe('closed');
  });
});

describe('contact and address display', () => {
  it('formats the contact, address, map and phone links', () => {
    expect(contactName(view.planning.contact)).toBe('Madame Claire Martin');
    expect(contactName({})).toBe('');
    expect(formatAddress(view.planning.address)).toBe('12 rue des Lilas, 75011 Paris');
    expect(mapsUrl(view.planning.address)).toBe('https://www.google.com/maps/search/?api=1&query=12%20rue%20des%20Lilas%2C%2075011%20Paris');
    expect(telHref('06 12 34 56 78')).toBe('tel:0612345678');
  });
});
