import { viewLogPageSizes } from '../../../../shared/domain/virtual-visit';

/** The history's 'Lignes par page' choices (part 3 §9): 50 by default, then 100, 200, 500. */
export const viewLogPageSizeOptions = viewLogPageSizes.map((value) => ({ value, label: `${value}` }));

/**
 * The narrowest 'Vues par jour' chart that still draws each day's bar: Cloudscape gives a day 80 %
 * of its slot and takes 2 px off, so a slot under 2.5 px draws a bar of negative width (a console
 * error at 390 px over the default 6 months). 4 px a day, plus room for the axis: a wider period
 * than the screen scrolls sideways instead.
 */
export function viewsChartMinWidth(days: number): number {
  return days * 4 + 120;
}
