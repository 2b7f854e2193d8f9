import { bookingMessages } from '../../../shared/messages/booking';
import { atClock } from '../../support/clock';
import { call } from '../../support/test-api';
import { freePlanning } from '../planning-actions/support';

/**
 * docs/scheduling.md « Calendars »: a buyer books only from now + the planning's minimum notice
 * (24 h by default) on. A start that fell before that edge while the buyer's page was open is
 * refused as past its booking deadline (« l'heure limite de réservation est passée »), never as
 * booked by somebody else: nobody booked it, only the clock moved.
 */
type SlotOption = { startDate: string; amoNb: number };

const HOUR = 3_600_000;

function book(planningId: string, uuid: string, slot: SlotOption) {
  return call('PATCH', `/api/rdv/book/${planningId}`, { body: { usr: uuid, slot, extra: { isInterestedVr: false, visitors: [] } } });
}

const options = async (uuid: string): Promise<SlotOption[]> => (await call('GET', `/api/rdv/usr/${uuid}`)).body.options;

describe('a booking past its notice edge (docs/scheduling.md « Calendars »)', () => {
  it("a start offered when the page opened, past now + the notice when the buyer books: « l'heure limite de réservation est passée », not « réservé par quelqu'un d'autre »", async () => {
    const days = 2;
    const setup = await freePlanning({ lots: 2, days });
    // Bookings stay open up to the last visit: only the notice edge can refuse the start.
    const lastEnd = setup.events[days - 1].end;
    await call('PATCH', `/api/rdv/${setup.planningId}`, { token: setup.token, body: { bookingDeadline: lastEnd } });
    const [buyer] = setup.meetings;
    // The first start the buyer's page offered on the second day.
    const offered = (await options(buyer.uuid)).find((option) => Date.parse(option.startDate) >= Date.parse(setup.events[1].start));
    expect(offered).toBeDefined();
    const slot = offered!;
    // The clock then moves until the start lies 30 minutes inside the 24 h notice.
    const later = Date.parse(slot.startDate) - 24 * HOUR + 30 * 60_000;
    await atClock(later, async () => {
      expect((await options(buyer.uuid)).map((option) => option.startDate)).not.toContain(slot.startDate);
      const refused = await book(setup.planningId, buyer.uuid, slot);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(bookingMessages.noticePassed);
      expect(refused.body.message).toMatch(/^Ce créneau n'est plus disponible : l'heure limite de réservation est passée/);
      expect(refused.body.message).not.toBe(bookingMessages.slotTaken);
    });
    const { meetings } = await setup.read();
    expect(meetings.find((meeting) => meeting.uuid === buyer.uuid)?.start ?? null).toBeNull();
  }, 120_000);
});
