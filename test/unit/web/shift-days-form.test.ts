import { planningDays, shiftRequestOf } from '../../../web/src/components/planning-detail/shift-days-config';
import { shiftFormMessages } from '../../../shared/messages/plannings';

describe("the 'Décaler' form", () => {
  it('lists the planning days once each, in Paris dates and in order', () => {
    const events = [
      { start: '2027-03-16T07:30:00.000Z', end: '2027-03-16T16:00:00.000Z', nbAmo: 1 },
      { start: '2027-03-15T23:30:00.000Z', end: '2027-03-16T06:00:00.000Z', nbAmo: 1 },
      { start: '2027-03-15T07:30:00.000Z', end: '2027-03-15T16:00:00.000Z', nbAmo: 1 },
    ];
    expect(planningDays(events)).toEqual(['2027-03-15', '2027-03-16']);
  });

  it('makes the request of each mode, or says in French what is missing', () => {
    expect(shiftRequestOf({ mode: 'from', from: '2027-03-15', to: '2027-03-29', days: {} })).toEqual({
      request: { mode: 'from', from: '2027-03-15', to: '2027-03-29' },
    });
    expect(shiftRequestOf({ mode: 'from', from: '2027-03-15', to: '', days: {} })).toEqual({ error: shiftFormMessages.fromRequired });
    expect(shiftRequestOf({ mode: 'days', from: '', to: '', days: { '2027-03-15': '2027-03-22' } })).toEqual({
      request: { mode: 'days', days: [{ from: '2027-03-15', to: '2027-03-22' }] },
    });
    expect(shiftRequestOf({ mode: 'days', from: '', to: '', days: { '2027-03-15': '' } })).toEqual({ error: shiftFormMessages.daysRequired });
    expect(shiftRequestOf({ mode: 'days', from: '', to: '', days: {} })).toEqual({ error: shiftFormMessages.daysRequired });
  });
});
