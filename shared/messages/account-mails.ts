/**
 * The product's own mails about accounts and files (ours: the specification names them without
 * their wording): a password reset, an e-mail confirmation, a buyer area's opening, a new account's
 * credentials, a client file received and integrated. Each is read line by line where it is built.
 */
export const accountMails = {
  signature: 'L’équipe Livrea',
  reset: {
    subject: 'Livrea : réinitialisation de votre mot de passe',
    intro: 'Vous avez demandé à réinitialiser votre mot de passe Livrea. Ce lien est valable 20 minutes et ne peut servir qu’une fois :',
    notYou: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
  },
  verification: {
    subject: 'Livrea : confirmez votre adresse e-mail',
    intro:
      'Confirmez votre adresse e-mail pour retrouver dans votre espace acquéreur les logements achetés sous cette adresse. Ce lien est valable 24 heures et ne peut servir qu’une fois :',
    notYou: 'Si vous n’avez pas créé de compte Livrea, ignorez ce message.',
  },
  buyerInvitation: {
    subject: 'Livrea : votre espace acquéreur',
    intro: 'Votre espace acquéreur Livrea est ouvert : vous y retrouvez votre logement, ses actualités, vos documents et vos échanges avec le promoteur.',
    choosePassword: 'Choisissez votre mot de passe avec ce lien, valable 20 minutes et utilisable une fois :',
    expired: 'Lien expiré ? Demandez-en un nouveau depuis « Mot de passe oublié » sur la page de connexion, avec cette adresse e-mail.',
  },
  credentials: {
    created: (role: string) => `Un compte ${role} a été créé pour vous sur Livrea.`,
    changePassword: 'Pensez à changer ce mot de passe depuis votre profil après votre première connexion.',
  },
  clientFileReceived: {
    subject: (program: string) => `Livrea : fichier client reçu pour « ${program} »`,
    sent: (sender: string | null, file: string, program: string, promoter: string) =>
      `${sender ?? 'Un utilisateur'} a envoyé le fichier client « ${file} » pour le programme « ${program} » (${promoter}).`,
    waiting: (url: string) => `Il vous attend sur la page des lots : ${url}`,
  },
  clientsIntegrated: {
    subject: (program: string) => `Livrea : vos clients de « ${program} » sont intégrés`,
    lots: (lots: number, file: string, program: string) => `Les ${lots} lots du fichier « ${file} » sont intégrés au programme « ${program} ».`,
  },
} as const;

/** The mail that tells the other side of a conversation a message waits (part 1 §2 buyer area point 4; ours: the wording). */
export const newMessageMail = {
  subject: (subject: string) => `Nouveau message : ${subject}`,
  wrote: (sender: string, subject: string) => `${sender} vous a écrit au sujet de « ${subject} ».`,
  readAndReply: (link: string) => `Lisez et répondez au message sur Livrea : ${link}`,
} as const;
