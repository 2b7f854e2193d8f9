import type { EventInput } from '@fullcalendar/core';
import { visitTitle } from '../../../../shared/exports/title-format';
import type { Meeting } from '../../../../shared/domain/planning';
import type { ConsolidatedPlanning } from '../../api/export-queries';
import { freeMeetingEvents, holidayEventsAcross, lunchEvents, toWall } from '../../components/planning-detail/calendar-config';
import { AMO_COLORS } from '../planning-detail/planning-detail-config';

/** One colour per planning of the consolidated view (part 2 §2.8 'the plannings together'). */
export const planningColor = (planningIndex: number): string => AMO_COLORS[planningIndex % AMO_COLORS.length];

/** '?ids=a,b,c' → ['a', 'b', 'c'] (duplicates and empty parts dropped). */
export function consolidatedIds(search: string | null): string[] {
  return [
    ...new Set(
      (search ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}

/** The consolidated view's link for a selection of plannings (part 2 §2.8). */
export const consolidatedPath = (programId: string, ids: readonly string[]): string =>
  `/projets/${encodeURIComponent(programId)}/plannings-consolidate?ids=${ids.map(encodeURIComponent).join(',')}`;

/** What the consolidated calendar reads of a planning and its meetings. */
export interface ConsolidatedCalendarPlanning extends Pick<
  ConsolidatedPlanning,
  'name' | 'freeMeetings' | 'events' | 'lunchStartTime' | 'lunchEndTime' | 'planningStartTime' | 'planningEndTime'
> {
  meetings: readonly (Pick<Meeting, 'uuid' | 'start' | 'end' | 'isActive' | 'isBooked' | 'forced'> & {
    guest: Pick<Meeting['guest'], 'lotcomm' | 'nom' | 'typologie'>;
  })[];
}

/**
 * The calendars of the plannings together: each planning's placed visits in its own colour, titled
 * lot and typology (the consolidated layout lotTypo, part 2 §2.8) with the planning's name, its RDV
 * Libre, lunch breaks, and the bank holidays of the whole span. Pure: unit-tested.
 */
export function consolidatedEvents(plannings: readonly ConsolidatedCalendarPlanning[]): EventInput[] {
  const events: EventInput[] = [];
  plannings.forEach((planning, planningIndex) => {
    const color = planningColor(planningIndex);
    for (const meeting of planning.meetings) {
      if (!meeting.isActive || !(meeting.isBooked || meeting.forced) || !meeting.start || !meeting.end) continue;
      events.push({
        id: `${planningIndex}-${meeting.uuid}`,
        title: `${visitTitle('lotTypo', meeting.guest)} · ${planning.name}`,
        start: toWall(meeting.start),
        end: toWall(meeting.end),
        backgroundColor: color,
        borderColor: color,
        textColor: '#ffffff',
      });
    }
    events.push(...freeMeetingEvents((planning.freeMeetings ?? []).map((meeting) => ({ ...meeting, _id: `${planningIndex}-${meeting._id}` }))));
    events.push(...lunchEvents(planning).map((event) => ({ ...event, id: `${event.id}-${planningIndex}` })));
  });
  events.push(...holidayEventsAcross(plannings));
  return events;
}
