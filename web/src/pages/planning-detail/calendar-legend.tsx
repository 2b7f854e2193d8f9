import SpaceBetween from '@cloudscape-design/components/space-between';
import { AVAILABLE_COLOR } from './planning-detail-config';
import { planningCalendarMessages } from '../../../../shared/messages/planning-detail';

/** Colour key: one colour per AMO, available time, lunch, bank holidays. */
export function CalendarLegend({
  amoCount,
  colorOf,
  amoLabel,
  withAvailability,
}: {
  amoCount: number;
  colorOf: (amoNb: number) => string;
  amoLabel: (amoNb: number) => string;
  withAvailability: boolean;
}) {
  const chip = (color: string, label: string) => (
    <span key={label} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: 12 }}>
      <span style={{ width: 12, height: 12, borderRadius: 3, background: color, display: 'inline-block', border: '1px solid #c6c6cd' }} />
      {label}
    </span>
  );
  return (
    <SpaceBetween direction="horizontal" size="s">
      {Array.from({ length: amoCount }, (_, amoNb) => chip(colorOf(amoNb), amoLabel(amoNb)))}
      {withAvailability && chip(AVAILABLE_COLOR, planningCalendarMessages.available)}
      {chip('#c6c6cd', planningCalendarMessages.lunch)}
      {chip('#f3c9c2', planningCalendarMessages.holiday)}
    </SpaceBetween>
  );
}
