import { eventToDay } from '../../../shared/scheduling/planning-calendar';
import { futureMonday, workingDays } from '../../support/planning-fixtures';
import { createUserAndLogin } from '../../support/test-api';
import { freePlanning } from '../planning-actions/support';

/**
 * An AMO named first on a morning of « Les Jardins du Parc » (a, 08:30–12:30), then on the whole
 * day of « Le Clos des Vignes » (b, another program: 45 minutes of travel between them), `lots`
 * buyers each: a owns the AMO's morning (docs/scheduling.md « One person, one calendar »).
 */
export async function amoOnTwoPlannings(lots = 1) {
  const amo = await createUserAndLogin('amo');
  const monday = futureMonday();
  const named = { areAmosAssigned: true, amoList: [amo.user._id] };
  const a = await freePlanning({
    lots,
    days: 1,
    overrides: { name: 'Les Jardins du Parc', events: workingDays(monday, 1, { start: 8 * 60 + 30, end: 12 * 60 + 30 }), ...named },
  });
  const b = await freePlanning({ lots, days: 1, overrides: { name: 'Le Clos des Vignes', events: workingDays(monday, 1), ...named } });
  return { amo, a, b, date: a.dayDates[0] };
}

/**
 * The AMO named first on a morning of « Les Jardins du Parc » (a, 08:30–12:30), then on the next
 * working day's morning of « Le Clos des Vignes » (b, another program), one buyer each: « Décaler »
 * of a onto b's day makes a own that morning.
 */
export async function amoOnTwoMornings() {
  const amo = await createUserAndLogin('amo');
  const [first, second] = workingDays(futureMonday(), 2, { start: 8 * 60 + 30, end: 12 * 60 + 30 });
  const named = { areAmosAssigned: true, amoList: [amo.user._id] };
  const a = await freePlanning({ lots: 1, days: 1, overrides: { name: 'Les Jardins du Parc', events: [first], ...named } });
  const b = await freePlanning({ lots: 1, days: 1, overrides: { name: 'Le Clos des Vignes', events: [second], ...named } });
  return { amo, a, b, from: eventToDay(first).date, to: eventToDay(second).date };
}
