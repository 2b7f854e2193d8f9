import { logMessages } from '../../../shared/messages/logs';
import { templateMessages, templateScreenMessages } from '../../../shared/messages/templates';
import { ApiError } from '../../../web/src/api/api-error';
import { chartStatus, pageState } from '../../../web/src/components/page-state';

/** Part 3 §2: the logs, trends and template-list pages' loading, empty and error states (part 3 §8 texts). */
const loaded = { isPending: false, isError: false, error: null };

describe('data page states (logs, trends, template list)', () => {
  it("a period without creations shows 'Aucun rendez-vous créé sur cette période', even though its periods are listed", () => {
    expect(pageState(loaded, 0, logMessages)).toEqual({ kind: 'empty', message: 'Aucun rendez-vous créé sur cette période' });
    expect(chartStatus(pageState(loaded, 0, logMessages))).toBe('finished');
    expect(pageState(loaded, 3, logMessages)).toEqual({ kind: 'ready' });
  });

  it("a failed load with no message of its own shows 'Erreur lors du chargement des données'; a server message is shown as sent (part 3 §8 general rule)", () => {
    expect(pageState({ isPending: false, isError: true, error: new ApiError(0, 'réseau') }, 0, logMessages)).toEqual({
      kind: 'error',
      message: 'Erreur lors du chargement des données',
    });
    expect(pageState({ isPending: false, isError: true, error: new ApiError(403, "Vous n'avez pas les permissions") }, 0, logMessages)).toEqual({
      kind: 'error',
      message: "Vous n'avez pas les permissions",
    });
    expect(chartStatus(pageState({ isPending: false, isError: true, error: new ApiError(0, '') }, 0, logMessages))).toBe('error');
  });

  it('loading until the first answer; an error wins over a pending refetch', () => {
    expect(pageState({ isPending: true, isError: false, error: null }, 0, logMessages)).toEqual({ kind: 'loading' });
    expect(chartStatus({ kind: 'loading' })).toBe('loading');
    expect(pageState({ isPending: true, isError: true, error: new ApiError(0, '') }, 0, logMessages).kind).toBe('error');
  });

  it("the template list: 'Aucun modèle' when the user has none, 'Erreur lors du chargement des templates' when the list cannot load", () => {
    const texts = { loadFailed: templateMessages.loadFailed, empty: templateScreenMessages.empty };
    expect(pageState(loaded, 0, texts)).toEqual({ kind: 'empty', message: 'Aucun modèle' });
    expect(pageState({ isPending: false, isError: true, error: new ApiError(0, '') }, 0, texts)).toEqual({
      kind: 'error',
      message: 'Erreur lors du chargement des templates',
    });
  });
});
