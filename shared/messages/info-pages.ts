/** Texts of the public information pages (part 1 §2): the help page and the personal data page. */

/** /aide: what each role can do, how buyers book, how to reach support. */
export const helpPageMessages = {
  description: 'Réponses aux questions les plus fréquentes',
  bookingTitle: 'Acquéreurs : prendre rendez-vous',
  bookingOpenLink: "Ouvrez le lien reçu par e-mail ou SMS : il vous est personnel, aucun mot de passe n'est demandé.",
  bookingFree:
    'Pour une visite à choisir, parcourez les créneaux proposés (5 jours par page), sélectionnez celui qui vous convient, répondez aux éventuelles questions (accompagnants, pointure…) puis cliquez sur',
  bookingImposed: 'Pour une visite imposée, cliquez sur',
  bookingImposedButton: 'CONFIRMER MA PRESENCE',
  bookingImposedOr: ', ou indiquez que vous ne pouvez pas être présent(e) en précisant la raison.',
  bookingReminders: 'Vous recevez une confirmation, puis des rappels avant la visite. Vous pouvez ajouter le rendez-vous à votre agenda.',
  bookingChange: "Tant que la prise de rendez-vous est ouverte, le même lien permet d'annuler et de choisir un autre créneau.",
  buyerArea:
    'Si vous avez un compte acquéreur, votre espace regroupe vos logements, les actualités du chantier, vos documents et vos échanges avec le promoteur.',
  rolesTitle: 'Ce que chaque profil peut faire',
  promoterText:
    'Crée ses programmes, importe les lots et les acquéreurs, construit les plannings de visites libres ou imposées, envoie invitations et relances, suit les réponses et exporte les plannings (PDF, Excel, agenda).',
  amoText:
    "Accède aux programmes pour lesquels il est autorisé, consulte et organise les plannings, gère ses modèles de messages et peut les partager avec d'autres AMO.",
  buyerText: "Réserve ou confirme ses visites depuis son lien personnel et, s'il a un compte, suit son logement dans son espace.",
  administratorText: "Gère les comptes, les permissions, la facturation, les visites virtuelles et consulte les journaux d'activité.",
  moderatorText: 'Consulte les visites et gère son compte.',
  forgotBefore: 'Sur la page de connexion, cliquez sur',
  forgotAfter: 'et saisissez votre adresse e-mail. Vous recevrez un lien valable 20 minutes pour choisir un nouveau mot de passe.',
  contactTitle: 'Nous contacter',
  contactBefore:
    "Une question sur un rendez-vous ? Contactez d'abord la personne indiquée dans votre invitation. Pour un problème avec la plateforme, écrivez à notre support :",
  contactAfter: '. Nous répondons les jours ouvrés.',
} as const;

/** /rgpd: how Livrea protects personal data, with the provider's contact details. */
export const gdprPageMessages = {
  description: 'Règlement général sur la protection des données (RGPD)',
  title: 'Protection de vos données personnelles',
  whoTitle: 'Qui traite vos données ?',
  whoLivrea:
    "Livrea est une plateforme qui organise les visites de logements neufs (choix, cloisons, pré-livraison et livraison) entre les acquéreurs, les promoteurs et les assistants à maîtrise d'ouvrage (AMO).",
  whoController:
    'Le promoteur de votre programme immobilier est responsable du traitement des données de ses acquéreurs. Livrea agit pour son compte en qualité de sous-traitant : nous hébergeons la plateforme et envoyons, à sa demande, les invitations, confirmations et rappels de rendez-vous.',
  whatTitle: 'Quelles données et pourquoi ?',
  identity: 'Identité et coordonnées',
  identityUse: '(civilité, nom, prénom, e-mails, téléphones) : pour vous inviter à vos rendez-vous et vous les rappeler par e-mail ou SMS.',
  housing: 'Informations sur votre logement',
  housingUse: '(lot, typologie, bâtiment, étage) : pour préparer la visite et en prévoir la durée.',
  appointments: 'Vos rendez-vous',
  appointmentsUse: '(créneau choisi, présence, indisponibilité, accompagnants, pointure pour les visites de chantier) : pour organiser la visite sur place.',
  technical: 'Données techniques',
  technicalUse: '(journaux de connexion, consultation des visites virtuelles) : pour la sécurité du service et des statistiques de consultation.',
  legalBasis:
    "Ces traitements reposent sur l'exécution de votre contrat de vente et l'intérêt légitime du promoteur à organiser la livraison de votre logement. Vos données ne sont jamais vendues ni utilisées à des fins publicitaires.",
  retentionTitle: 'Combien de temps ?',
  retention:
    "Les données d'un programme sont conservées pendant la durée de la livraison puis pendant la période des garanties légales (parfait achèvement, biennale), avant d'être supprimées ou anonymisées. Les journaux techniques sont conservés un an au plus.",
  hosting: "Les données sont hébergées dans l'Union européenne.",
  minorsTitle: 'Protection des mineurs',
  minors:
    "Livrea ne s'adresse pas aux enfants. Nous ne collectons pas sciemment de données concernant des personnes de moins de 16 ans. Si vous indiquez un accompagnant mineur lors d'une visite, limitez-vous à son nom et à son prénom ; un parent ou tuteur peut à tout moment demander la suppression de ces informations en nous écrivant.",
  rightsTitle: 'Vos droits et nos coordonnées',
  rights:
    "Vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation et d'opposition, ainsi que du droit à la portabilité de vos données. Depuis votre page de rendez-vous, vous pouvez aussi demander à recevoir par e-mail les données personnelles qui vous concernent.",
  dpoBefore: 'Pour exercer vos droits ou pour toute question, écrivez à notre délégué à la protection des données :',
  dpoAfter: "(Livrea, Délégué à la protection des données). Nous répondons dans un délai d'un mois.",
  complaintBefore: 'Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (',
} as const;
