import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Planning } from '../../../../shared/domain/planning';
import { planningDetailQueries } from '../../api/planning-detail-queries';
import { planningQueries } from '../../api/planning-queries';
import { formatDateTime } from '../format-date';
import { ExportButton } from './export-button';

/**
 * The export button of a planning's detail page (free and imposed): the AMOs' names and the booked
 * visits (one meeting's calendar) come from the queries the page already holds.
 */
export function PlanningExportButton({ planning }: { planning: Planning }) {
  const amoIds = planning.areAmosAssigned ? planning.amoList : [];
  const amos = useQuery({ ...planningQueries.amos(amoIds), enabled: amoIds.length > 0 });
  const detail = useQuery(planningDetailQueries.detail(planning._id));
  // Visits carry an AMO index even when no AMO is named: as many as the busiest day's nbAmo.
  const amoCount = amoIds.length > 0 ? amoIds.length : Math.max(0, ...planning.events.map((event) => event.nbAmo));
  const amoNames = useMemo(
    () =>
      Array.from({ length: amoCount }, (_, amoNb) => {
        const amo = amos.data?.find((candidate) => candidate._id === amoIds[amoNb]);
        return amo ? `${amo.firstname} ${amo.lastname}`.trim() : `AMO ${amoNb + 1}`;
      }),
    [amoCount, amoIds, amos.data],
  );
  const meetings = useMemo(
    () =>
      (detail.data?.meetings ?? [])
        .filter((meeting) => meeting.isActive && (meeting.isBooked || meeting.forced) && meeting.start)
        .sort((a, b) => a.start!.localeCompare(b.start!))
        .map((meeting) => ({ uuid: meeting.uuid, label: `${meeting.guest.lotcomm} - ${meeting.guest.nom} · ${formatDateTime(meeting.start!)}` })),
    [detail.data],
  );
  return <ExportButton target={{ ids: [planning._id], uuids: [planning.uuid], amoCount }} amos={amoNames} meetings={meetings} />;
}
