import { clearNotifications, currentNotifications, notify } from '../../../web/src/app/notifications-store';

function shown(): string[] {
  return currentNotifications().map((item) => `${item.type}: ${String(item.content)}`);
}

describe('notifications: a new action’s result replaces the earlier action’s failure', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    clearNotifications();
  });
  afterEach(() => jest.useRealTimers());

  it('a success dismisses the errors and warnings earlier actions posted without an id', () => {
    notify({ type: 'error', header: 'Sélection invalide', content: 'Relance impossible pour cette sélection : 1 acquéreur ayant déjà répondu.' });
    notify({ type: 'warning', content: 'Ce créneau n’est pas un créneau libre.' });
    notify({ type: 'success', content: 'Envoi de 1 relance en cours.' });
    expect(shown()).toEqual(['success: Envoi de 1 relance en cours.']);
  });

  it('a failure with its own id (an attendance mark refused, an expired session) stays beside later successes', () => {
    notify({ id: 'attendance-abc', type: 'error', content: 'Pointage refusé.' });
    notify({ type: 'success', content: 'Présent enregistré.' });
    expect(shown()).toEqual(['error: Pointage refusé.', 'success: Présent enregistré.']);
  });

  it('an error does not dismiss an earlier error (two failures are both shown)', () => {
    notify({ type: 'error', content: 'Première erreur.' });
    notify({ type: 'error', content: 'Seconde erreur.' });
    expect(shown()).toEqual(['error: Première erreur.', 'error: Seconde erreur.']);
  });
});
