import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CALENDAR_MAX_DAYS } from '../../../../shared/domain/planning-detail-reads';
import type { Planning } from '../../../../shared/domain/planning';
import { planningDetailQueries } from '../../api/planning-detail-queries';
import { planningQueries } from '../../api/planning-queries';
import { formatDateTime } from '../format-date';
import { ExportButton } from './export-button';

/** One empty list for every render, so that the AMOs' names are not computed again at each one. */
const noAmo: readonly string[] = [];

/**
 * The export button of a planning's detail page (free and imposed): the AMOs' names come from the
 * query the page already holds; the booked visits (one meeting's calendar) are read when the modal
 * opens, as the calendar reads them (GET /rdv/{id}/calendar over the planning's days, a few fields each).
 */
export function PlanningExportButton({ planning }: { planning: Planning }) {
  const amoIds = planning.areAmosAssigned ? planning.amoList : noAmo;
  const amos = useQuery({ ...planningQueries.amos(amoIds), enabled: amoIds.length > 0 });
  const [opened, setOpened] = useState(false);
  const span = {
    from: planning.planningStartTime,
    to: new Date(
      Math.min(Date.parse(planning.planningEndTime) + 86_400_000, Date.parse(planning.planningStartTime) + CALENDAR_MAX_DAYS * 86_400_000),
    ).toISOString(),
  };
  const booked = useQuery({ ...planningDetailQueries.calendar(planning._id, span), enabled: opened });
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
      [...(booked.data?.visits ?? [])]
        .sort((a, b) => a.start.localeCompare(b.start))
        .map((visit) => ({ uuid: visit.uuid, label: `${visit.lotcomm} - ${visit.nom} · ${formatDateTime(visit.start)}` })),
    [booked.data],
  );
  return <ExportButton target={{ ids: [planning._id], uuids: [planning.uuid], amoCount }} amos={amoNames} meetings={meetings} onOpen={() => setOpened(true)} />;
}
