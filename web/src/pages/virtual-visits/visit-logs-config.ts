import { viewLogPageSizes } from '../../../../shared/domain/virtual-visit';

/** The history's 'Lignes par page' choices (part 3 §9): 50 by default, then 100, 200, 500. */
export const viewLogPageSizeOptions = viewLogPageSizes.map((value) => ({ value, label: `${value}` }));
