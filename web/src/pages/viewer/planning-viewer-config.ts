import type { EventInput } from '@fullcalendar/core';
import type { PublicPlanning } from '../../../../shared/domain/public-planning';
import { viewerMessages } from '../../../../shared/messages/viewer';
import { freeMeetingEvents, holidayEventsAcross, lunchEvents, toWall } from '../../components/planning-detail/calendar-config';
import { AMO_COLORS } from '../planning-detail/planning-detail-config';

/** 'name - Visites {phase label} (n lots)' (part 2 §2.9). */
export const viewerTitle = (planning: Pick<PublicPlanning, 'name' | 'phaseLabel' | 'lotCount'>): string =>
  viewerMessages.title(planning.name, planning.phaseLabel, planning.lotCount);

/** A maps service's search for the meeting address. */
export function mapsUrl(address: PublicPlanning['address']): string {
  const text = [address.numero, address.rue, address.codepostal, address.ville, address.pays].filter(Boolean).join(' ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(text)}`;
}

export const addressLine = (address: PublicPlanning['address']): string => `${address.numero} ${address.rue}, ${address.codepostal} ${address.ville}`;

export interface ViewerEventsInput {
  plannings: readonly PublicPlanning[];
  /** Only this AMO's visits (the AMO index of the link), or all. */
  amoNb: number | null;
  showFreeMeetings: boolean;
}

/**
 * The calendar of one planning (visits coloured by AMO) or of a group (coloured by planning),
 * with lunch breaks and bank holidays as backgrounds. Pure: unit-tested.
 */
/** A visit's colour: its planning's in a group, else its AMO's (the legend names them). */
const viewerColor = (byPlanning: boolean, planningIndex: number, visitAmo: number | null): string =>
  AMO_COLORS[(byPlanning ? planningIndex : (visitAmo ?? 0)) % AMO_COLORS.length];

export interface LegendEntry {
  color: string;
  label: string;
}

/**
 * The colour legend of the viewer's calendar: one entry per AMO of a single planning (only the AMO
 * of an AMO link), or one per planning of a group.
 */
export function viewerLegend(plannings: readonly PublicPlanning[], amoNb: number | null): LegendEntry[] {
  if (plannings.length > 1) return plannings.map((planning, index) => ({ color: viewerColor(true, index, null), label: planning.name }));
  const [planning] = plannings;
  if (!planning) return [];
  const columns = Math.max(planning.amos.length, ...planning.events.map((event) => event.nbAmo), ...planning.visits.map((visit) => (visit.amoNb ?? 0) + 1));
  const entries = Array.from({ length: columns }, (_, nb) => ({
    nb,
    color: viewerColor(false, 0, nb),
    label: planning.amos.find((amo) => amo.amoNb === nb)?.name ?? `AMO ${nb + 1}`,
  }));
  const shown = amoNb === null ? entries : entries.filter((entry) => entry.nb === amoNb);
  return shown.map(({ color, label }) => ({ color, label }));
}

export function viewerEvents({ plannings, amoNb, showFreeMeetings }: ViewerEventsInput): EventInput[] {
  const byPlanning = plannings.length > 1;
  const colorOf = (planningIndex: number, visitAmo: number | null) => viewerColor(byPlanning, planningIndex, visitAmo);
  const events: EventInput[] = [];
  plannings.forEach((planning, planningIndex) => {
    const amoName = (nb: number | null) => planning.amos.find((amo) => amo.amoNb === nb)?.name ?? '';
    for (const [index, visit] of planning.visits.entries()) {
      if (amoNb !== null && visit.amoNb !== amoNb) continue;
      const color = colorOf(planningIndex, visit.amoNb);
      events.push({
        id: `visit-${planningIndex}-${index}`,
        title: [visit.title, byPlanning ? planning.name : amoName(visit.amoNb)].filter(Boolean).join(' · '),
        start: toWall(visit.start),
        end: toWall(visit.end),
        backgroundColor: color,
        borderColor: color,
        textColor: '#ffffff',
      });
    }
    if (showFreeMeetings) events.push(...freeMeetingEvents(planning.freeMeetings.map((meeting, index) => ({ ...meeting, _id: `${planningIndex}-${index}` }))));
    events.push(...lunchEvents(planning).map((event) => ({ ...event, id: `${event.id}-${planningIndex}` })));
  });
  events.push(...holidayEventsAcross(plannings));
  return events;
}

/** The AMO index of a '/pview/{group}/{amo}' link, or null for all AMOs. */
export function amoFromPath(segment: string | undefined): number | null {
  if (segment === undefined || !/^\d{1,2}$/.test(segment)) return null;
  return Number(segment);
}
