import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import { parisWallToEpoch } from '../../../../shared/scheduling/time-grid';

const PARIS = 'Europe/Paris';

/** 'lundi 7 décembre 2026' for a Paris day 'YYYY-MM-DD' (noon, so that no zone can shift it). */
export function frenchDayLabel(date: string, pattern = 'EEEE d MMMM yyyy'): string {
  const label = format(new TZDate(parisWallToEpoch(date, 12 * 60), PARIS), pattern, { locale: fr });
  return label.charAt(0).toUpperCase() + label.slice(1);
}
