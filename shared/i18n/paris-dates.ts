import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { fr } from 'date-fns/locale/fr';

export const parisZone = 'Europe/Paris';

/** 'lundi 7 décembre 2026 à 09:00', Europe/Paris whatever the machine's zone. */
export function formatParisDateTime(instant: string | number | Date): string {
  return format(new TZDate(new Date(instant).getTime(), parisZone), "EEEE d MMMM yyyy 'à' HH:mm", { locale: fr });
}
