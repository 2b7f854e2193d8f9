import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { fr } from 'date-fns/locale/fr';

const PARIS = 'Europe/Paris';

/** Date and time in French, in Europe/Paris whatever the browser's zone: '05/03/2026 14:30'. */
export function formatDateTime(iso: string, pattern = 'dd/MM/yyyy HH:mm'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return format(new TZDate(date, PARIS), pattern, { locale: fr });
}
