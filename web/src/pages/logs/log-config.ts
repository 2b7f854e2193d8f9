import type { Grouping } from '../../../../shared/logs/periods';

const monthNames = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];

/** A period's axis label in French: '24/11', 'sem. du 23/11' or 'nov. 2026'. */
export function periodLabel(period: string, grouping: Grouping): string {
  if (grouping === 'month') {
    const [year, month] = period.split('-');
    return `${monthNames[Number(month) - 1]} ${year}`;
  }
  const [year, month, day] = period.split('-');
  return grouping === 'week' ? `sem. du ${day}/${month}/${year.slice(2)}` : `${day}/${month}/${year.slice(2)}`;
}

export const chartStrings = {
  loadingText: 'Chargement des données…',
  errorText: 'Erreur lors du chargement des données',
  recoveryText: 'Réessayer',
  legendAriaLabel: 'Légende',
  filterLabel: 'Séries affichées',
  filterPlaceholder: 'Filtrer les séries',
  filterSelectedAriaLabel: 'sélectionnée',
  detailPopoverDismissAriaLabel: 'Fermer',
  chartAriaRoleDescription: 'graphique',
  xAxisAriaRoleDescription: 'axe horizontal',
  yAxisAriaRoleDescription: 'axe vertical',
} as const;

/** The two dates a log table shows, in Paris time. */
export const tablePageSize = 10;
