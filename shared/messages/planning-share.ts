/** The read-only calendar link sent by e-mail or SMS (POST /rdv/{id}/share-email, share-sms, docs/api.md; ours: the wording). */
export const planningShareTexts = {
  subject: (promoter: string, phase: string, planning: string) => `${promoter} – planning des visites ${phase} : ${planning}`,
  shares: (promoter: string, phase: string, program: string, planning: string) =>
    `${promoter} partage avec vous le planning des visites « ${phase} » du programme ${program} (${planning}).`,
  readOnlyLink: (link: string) => `Consultez-le ici (lecture seule) : ${link}`,
  sms: (promoter: string, phase: string, program: string, link: string) => `${promoter} : planning des visites ${phase} du programme ${program} : ${link}`,
} as const;
