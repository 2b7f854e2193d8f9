import type { Month } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import type { Grouping } from '../../../../shared/logs/periods';
import { controlMessages } from '../../../../shared/messages/controls';
import { chartMessages } from '../../../../shared/messages/logs';

/** A period's axis label in French: '24/11', 'sem. du 23/11' or 'nov. 2026'. */
export function periodLabel(period: string, grouping: Grouping): string {
  if (grouping === 'month') {
    const [year, month] = period.split('-');
    // date-fns' French abbreviated month names: 'janv.', 'févr.' … 'déc.'.
    return `${fr.localize.month((Number(month) - 1) as Month, { width: 'abbreviated' })} ${year}`;
  }
  const [year, month, day] = period.split('-');
  const date = `${day}/${month}/${year.slice(2)}`;
  return grouping === 'week' ? chartMessages.weekOf(date) : date;
}

export const chartStrings = {
  loadingText: chartMessages.loading,
  errorText: controlMessages.loadFailed,
  recoveryText: controlMessages.retry,
  legendAriaLabel: chartMessages.legend,
  filterLabel: chartMessages.seriesShown,
  filterPlaceholder: chartMessages.filterSeries,
  filterSelectedAriaLabel: chartMessages.selected,
  detailPopoverDismissAriaLabel: controlMessages.close,
  chartAriaRoleDescription: chartMessages.chart,
  xAxisAriaRoleDescription: chartMessages.xAxis,
  yAxisAriaRoleDescription: chartMessages.yAxis,
} as const;

/** The two dates a log table shows, in Paris time. */
export const tablePageSize = 10;
