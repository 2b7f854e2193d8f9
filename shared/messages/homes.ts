/** The home pages of the AMO and the moderator (part 1 §1, §2; part 3 §2). */
export const homeMessages = {
  amoTitle: 'Accueil AMO',
  /** /accueil-amo is stated as under development (part 3 §2). */
  amoUnderDevelopment: 'Cette page est en cours de développement.',
  amoPrograms: 'Voir mes programmes',
  greeting: (firstname: string) => `Bonjour ${firstname}`,
  moderatorIntro: 'Depuis votre espace modérateur, vous pouvez consulter les visites et gérer votre compte.',
  moderatorVisits: 'Consulter les visites',
  moderatorAccount: 'Gérer mon compte',
} as const;
