/** Texts of the public read-only calendar /pview (part 2 §2.9); quoted ones are the specification's. */
export const viewerMessages = {
  notFoundNote: "Vérifiez le lien reçu. S'il ne fonctionne plus, écrivez à",
  contactMail: 'support@livrea.fr',
  quit: 'Quitter',
  freeMeetings: 'RDVs Libres',
  allAmos: 'Tous les AMO',
  /** The calendar's visits come a page at a time (docs/architecture.md « Bounded answers »). */
  visitsLoaded: (count: number) =>
    `${count.toLocaleString('fr-FR')} visite${count > 1 ? 's' : ''} affichée${count > 1 ? 's' : ''} : d'autres visites restent à charger (« Charger plus »).`,
  /** 'name - Visites {phase label} (n lots)' (part 2 §2.9). */
  title: (name: string, phaseLabel: string, lotCount: number) => `${name} - Visites ${phaseLabel} (${lotCount} lot${lotCount > 1 ? 's' : ''})`,
  groupTitle: (programName: string, count: number) => `${programName} : ${count} plannings`,
  planningColors: 'Couleur des plannings',
  amoColors: 'Couleur des AMO',
  responseRate: 'Taux de réponse',
  answered: (answered: number, invited: number) => `${answered} réponse${answered > 1 ? 's' : ''} sur ${invited} invité${invited > 1 ? 's' : ''}`,
  booked: (count: number) => `${count} rendez-vous réservé${count > 1 ? 's' : ''}`,
  opensMap: '(ouvre une carte dans un nouvel onglet)',
  team: 'Équipe',
  amosPerDay: (count: number) => `${count} AMO par jour`,
  logo: (programName: string) => `Logo ${programName}`,
  readOnly: 'Consultation en lecture seule',
  calendar: 'Calendrier',
} as const;
