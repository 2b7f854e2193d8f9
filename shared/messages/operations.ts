import { controlMessages } from './controls';

/** Texts of long operations (docs/architecture.md « Work that grows with a program »). */
export const operationMessages = {
  notFound: 'Opération introuvable.',
  race: "Une autre modification vient d'avoir lieu : réessayez.",
  badKey: "En-tête Idempotency-Key invalide : de 8 à 64 caractères parmi lettres, chiffres, '-' et '_'.",
  started: "L'opération a commencé : suivez sa progression sur cette page.",
  /** A write whose answer was lost (503, network): it may have run, or may still run. */
  continuing: "L'opération continue… La réponse du serveur n'est pas arrivée à temps, mais la demande a peut-être abouti : la page suit son avancement.",
  retrying: "L'opération continue… Nouvel essai de la même demande (elle ne sera pas faite deux fois).",
  failedUnexpectedly:
    "L'opération s'est interrompue après plusieurs essais. Rien n'est perdu de ce qui a été fait ; relancez-la, elle reprendra sans rien faire deux fois.",
  statusRunning: 'En cours',
  statusDone: 'Terminée',
  /** After a screen's own title, which may be masculine (« Export du planning ») or feminine (« Création du planning »). */
  endedDone: 'opération terminée',
  endedFailed: 'échec',
  statusFailed: 'Échec',
  /** The progress bar's description while the starting request is on its way. */
  sending: 'Envoi de la demande…',
  /** What a screen reader says of each alert's icon. */
  iconInfo: 'Information',
  iconError: controlMessages.error,
  iconSuccess: 'Succès',
} as const;
