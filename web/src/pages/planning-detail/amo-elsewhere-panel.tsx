import { useQuery } from '@tanstack/react-query';
import { amoCalendarMessages } from '../../../../shared/messages/amo-calendar';
import { amoCalendarQueries } from '../../api/amo-calendar-queries';
import { AmoConflictsAlert } from '../../components/amo-calendar/amo-conflicts-alert';

/** The planning page's « Temps déjà pris ailleurs »: for its named AMOs, the times other plannings or days off take. */
export function AmoElsewherePanel({ planningId }: { planningId: string }) {
  const elsewhere = useQuery(amoCalendarQueries.elsewhere(planningId));
  return <AmoConflictsAlert header={amoCalendarMessages.takenElsewhereTitle} conflicts={elsewhere.data?.conflicts} failed={elsewhere.isError} />;
}
