import { DEFAULT_FREE_MEETING_COLOR, freeMeetingSchema } from '../../../shared/domain/planning-action-requests';
import { contrastRatio, DARK_TEXT, readableTextColor } from '../../../shared/rules/readable-text-color';
import { freeMeetingEvents } from '../../../web/src/components/planning-detail/calendar-config';
import { FREE_MEETING_COLORS } from '../../../web/src/pages/planning-detail/planning-detail-config';

describe('RDV Libre colours read at 4.5:1 at least (WCAG AA, axe color-contrast)', () => {
  it('the contrast ratio is the WCAG one (white on black 21:1, the old default grey 3.6:1)', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#7d8998', '#ffffff')).toBeCloseTo(3.56, 2);
  });

  it('an RDV Libre created without a colour is in a grey where its white text reads at 4.5:1 or more', () => {
    const meeting = freeMeetingSchema.parse({ name: '*Réunion*', start: '2027-03-01T09:00:00.000Z', end: '2027-03-01T10:00:00.000Z' });
    expect(meeting.color).toBe(DEFAULT_FREE_MEETING_COLOR);
    expect(readableTextColor(meeting.color)).toBe('#ffffff');
    expect(contrastRatio(meeting.color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('every colour offered, and a light custom one, gets the text colour that reads at 4.5:1 or more', () => {
    for (const color of [...FREE_MEETING_COLORS, '#d6a10f', '#ffeb3b', '#b7b9ba']) {
      const [event] = freeMeetingEvents([{ _id: 'f1', name: '*RDV*', start: '2027-03-01T09:00:00.000Z', end: '2027-03-01T10:00:00.000Z', color }]);
      expect(contrastRatio(color, String(event.textColor))).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableTextColor('#ffeb3b')).toBe(DARK_TEXT);
  });
});
