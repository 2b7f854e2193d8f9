import { messages } from '../../../shared/messages/common';
import { ApiError, apiErrorMessage, errorMessage } from '../../../web/src/api/api-error';

// Part 1 §8 and part 3 §8 "general rule": message, error, error.message, errors[0] (message or
// msg), status text, else 'Veuillez vérifier les champs du formulaire'; no answer: 'Impossible de
// joindre le serveur.'
describe('apiErrorMessage (part 1 §8 error catalogue, general rule)', () => {
  it('takes the response message first', () => {
    expect(apiErrorMessage({ message: 'Identifiants invalides', error: 'autre', errors: [{ path: 'email', message: 'x' }] }, 'Unauthorized')).toBe(
      'Identifiants invalides',
    );
  });

  it("shows API Gateway's own English refusals (413, 500, 503) in French", () => {
    expect(apiErrorMessage({ message: 'Request Entity Too Large' }, 'Payload Too Large')).toBe(
      'Requête trop volumineuse : envoyez moins de données à la fois.',
    );
    expect(apiErrorMessage({ message: 'Internal Server Error' }, 'Internal Server Error')).toBe('Une erreur est survenue. Veuillez réessayer.');
    expect(apiErrorMessage({ message: 'Service Unavailable' }, 'Service Unavailable')).toBe(
      'Le service met trop de temps à répondre, veuillez réessayer dans un instant.',
    );
  });

  it('then the error field when it is a string', () => {
    expect(apiErrorMessage({ error: 'Jeton expiré', errors: [{ message: 'x' }] }, 'Invalid Token')).toBe('Jeton expiré');
  });

  it('then error.message when error is an object', () => {
    expect(apiErrorMessage({ error: { message: 'Planning introuvable' } }, 'Not Found')).toBe('Planning introuvable');
  });

  it('then the first entry of the errors list, message or msg', () => {
    expect(apiErrorMessage({ errors: [{ path: 'email', message: 'Email invalide' }, { message: 'second' }] }, 'Bad Request')).toBe('Email invalide');
    expect(apiErrorMessage({ errors: [{ msg: 'Nom manquant' }] }, 'Bad Request')).toBe('Nom manquant');
  });

  it('skips empty or non-string candidates', () => {
    expect(apiErrorMessage({ message: '', error: 42, errors: [] }, 'Conflict')).toBe('Conflict');
    expect(apiErrorMessage({ message: '   ', error: { message: '' } }, 'Gone')).toBe('Gone');
  });

  it('then the status text', () => {
    expect(apiErrorMessage(undefined, 'Internal Server Error')).toBe('Internal Server Error');
    expect(apiErrorMessage('<html>proxy error</html>', 'Bad Gateway')).toBe('Bad Gateway');
  });

  it("falls back to 'Veuillez vérifier les champs du formulaire'", () => {
    expect(apiErrorMessage(undefined, '')).toBe('Veuillez vérifier les champs du formulaire');
    expect(apiErrorMessage({}, undefined)).toBe(messages.formInvalid);
  });
});

describe('errorMessage (part 1 §8: no answer)', () => {
  it("shows the specification's 'Erreur réseau : impossible de joindre le serveur.' when no answer arrived", () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Erreur réseau : impossible de joindre le serveur.');
    expect(errorMessage(new ApiError(0, messages.unreachable))).toBe('Erreur réseau : impossible de joindre le serveur.');
  });

  it("shows the specification's 'Une erreur inconnue est survenue.' for anything else thrown (a fault of the page, not of the network)", () => {
    expect(errorMessage(new Error('x is undefined'))).toBe('Une erreur inconnue est survenue.');
    expect(errorMessage('oops')).toBe('Une erreur inconnue est survenue.');
  });

  it('shows the given fallback instead when there is no answer', () => {
    expect(errorMessage(new ApiError(0, messages.unreachable), 'Erreur lors du chargement des tickets')).toBe('Erreur lors du chargement des tickets');
  });

  it("keeps the server's text for an answered failure (401, 498)", () => {
    expect(errorMessage(new ApiError(498, 'Session expirée. Veuillez vous identifier à nouveau.'), 'fallback')).toBe(
      'Session expirée. Veuillez vous identifier à nouveau.',
    );
    expect(errorMessage(new ApiError(401, 'Authentification requise. Veuillez vous identifier.'))).toBe('Authentification requise. Veuillez vous identifier.');
  });
});

describe('ApiError field errors (400 answers)', () => {
  it('maps the errors list by path, first message wins', () => {
    const error = new ApiError(400, 'x', {
      message: 'x',
      errors: [
        { path: 'email', message: 'Email invalide' },
        { path: 'email', message: 'second' },
        { path: ['telephonemonsieur'], msg: 'Téléphone invalide' },
      ],
    });
    expect(error.fieldErrors).toEqual({ email: 'Email invalide', telephonemonsieur: 'Téléphone invalide' });
    expect(error.errorItems).toHaveLength(3);
  });
});
