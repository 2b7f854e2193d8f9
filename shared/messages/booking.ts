/**
 * The booking area's catalogue (part 1 §2): the texts of the buyer's calls and of their page, one
 * place for the server's answers and the page's states (the specification shows only some of them;
 * the rest are ours). A module without zod, for the buyer's page.
 */
export const bookingMessages = {
  notFound: 'Rendez-vous non trouvé',
  vrSurveyRequired: 'Veuillez indiquer si une visite virtuelle de votre logement vous intéresse.',
  disabled: 'Votre rendez-vous a été désactivé.',
  closed: 'Les prises de rendez-vous sont clôturées.',
  programDeleted: "Ce programme est en cours de suppression : il n'est plus possible de prendre rendez-vous.",
  slotTaken: "Ce créneau vient d'être réservé par quelqu'un d'autre. Veuillez en choisir un autre.",
  /** The start fell before now + the planning's minimum notice while the page was open: nobody booked it. */
  noticePassed: "Ce créneau n'est plus disponible : l'heure limite de réservation est passée. Veuillez en choisir un autre.",
  alreadyBooked: 'Vous avez déjà réservé un rendez-vous.',
  busy: 'Le service est très sollicité, veuillez réessayer dans un instant.',
  notBooked: "Vous n'avez pas de rendez-vous à annuler.",
  forced: 'Ce rendez-vous a été fixé par votre interlocuteur : contactez-le pour le modifier.',
  past: 'Ce rendez-vous est déjà passé.',
  booked: 'Votre rendez-vous est réservé. Un e-mail de confirmation vous a été envoyé.',
  cancelled: 'Rendez-vous annulé',
  visitorLastnameMissing: 'Nom manquant',
  visitorFirstnameMissing: 'Prénom manquant',
  tooManyVisitors: (max: number) => `Vous pouvez venir avec ${max} accompagnant(s) au plus.`,
  unavailableNoteRequired: 'Veuillez indiquer les raisons de votre indisponibilité',
  bookedCannotBeUnavailable: "Annulez d'abord votre rendez-vous pour vous déclarer indisponible.",
  availabilitySaved: 'Votre réponse a bien été prise en compte.',
  gdprSent: (email: string) => `Un mail vous a été envoyé à l'adresse suivante: ${email}. Il contient vos données personnelles.`,
} as const;

/** The ICS route's answer for a visit that is not booked (part 1 §7, §8). */
export const icsMessages = {
  noBookedVisit: "Aucun rendez-vous réservé : il n'y a pas de visite à ajouter au calendrier.",
} as const;

/** The calendar file a buyer downloads or receives with a mail (part 1 §7, §8): its name and what it says. */
export const meetingCalendarTexts = {
  fileName: 'rendez-vous.ics',
  title: (phase: string, lot: string, program: string) => `Visite ${phase} – lot ${lot} (${program})`,
  description: (link: string) => `Votre rendez-vous : ${link}`,
} as const;

/** The mail of a buyer's personal data (POST /gdpr/ask-info, part 1 §2; ours: the wording), line by line. */
export const personalDataMail = {
  subject: 'Livrea : vos données personnelles',
  intro: (phase: string, program: string) => `Voici les données personnelles que Livrea conserve pour votre visite « ${phase} » du programme ${program} :`,
  name: (name: string) => `Nom : ${name}`,
  lot: (lot: string, building: string, floor: string, typology: string) => `Lot : ${lot} (bâtiment ${building}, étage ${floor}, ${typology})`,
  emails: (emails: string) => `E-mail : ${emails}`,
  phones: (phones: string) => `Téléphone : ${phones}`,
  appointment: (start: string) => `Rendez-vous : ${start}`,
  none: 'aucun',
  availability: (availability: string) => `Disponibilité : ${availability}`,
  available: 'disponible',
  unavailable: (note: string | undefined) => `indisponible${note ? ` (${note})` : ''}`,
  shoeSizes: (sizes: string) => `Pointures : ${sizes}`,
  shoeSizesNone: 'non renseignées',
  visitors: (visitors: string) => `Accompagnants : ${visitors}`,
  rights: 'Pour toute demande de rectification ou de suppression, écrivez à dpo@livrea.fr.',
} as const;
