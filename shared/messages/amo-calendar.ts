/**
 * Texts of an AMO's one calendar across plannings (docs/scheduling.md « One person, one
 * calendar »): the conflicts staff see where they decide, and the AMO's days off
 * (« Mes indisponibilités »). None is quoted by the specification: all are ours.
 */
export const amoCalendarMessages = {
  /** « amo1 est déjà sur « Les Jardins du Parc » le 12/03 de 09:00 à 12:00 » */
  alreadyElsewhere: (amoName: string, planningName: string, day: string, from: string, to: string) =>
    `${amoName} est déjà sur « ${planningName} » le ${day} de ${from} à ${to}`,
  /** The same, for a day off declared by the AMO. */
  dayOff: (amoName: string, day: string, from: string, to: string) => `${amoName} est indisponible le ${day} de ${from} à ${to} (Mes indisponibilités)`,
  /** A day off over a visit the AMO already has: the visit is moved first (as a booked slot in the availability drawer). */
  visitInDayOff: (amoName: string, planningName: string, day: string, from: string) =>
    `${amoName} a une visite sur « ${planningName} » le ${day} à ${from} : déplacez-la avant de déclarer cette indisponibilité.`,
  /** A day off judged on more plannings than one save can check (docs/scheduling.md « One person, one calendar »). */
  dayOffTooManyPlannings: (count: number, max: number) =>
    `Cette indisponibilité touche ${count} plannings : au plus ${max} peuvent être vérifiés en une fois. Découpez-la en plusieurs périodes plus courtes.`,
  /** The same for a longer travel time. */
  travelTooManyPlannings: (count: number, max: number) =>
    `Ce temps de trajet touche ${count} plannings à venir : au plus ${max} peuvent être vérifiés en une fois. Le temps de trajet n'a pas été modifié.`,
  /**
   * « Décaler » onto days where the shifted planning outranks another planning sharing the AMO:
   * that planning's buyers still to place who would no longer fit, named with it (the wording of
   * the staff strand warning, asked as a placement over another planning's time is).
   */
  strandsElsewhere: (planningName: string, names: readonly string[]) =>
    names.length === 1
      ? `Attention : après ce décalage, ${names[0]} ne pourra plus être placé(e) sur « ${planningName} » : placer quand même ?`
      : `Attention : après ce décalage, ${names.length} acquéreurs ne pourront plus être placés sur « ${planningName} » (${names.join(', ')}) : placer quand même ?`,
  /** The same check left undecided by its budget: staff confirm or not. */
  strandsElsewhereUndecided: (planningName: string) =>
    `Le calcul n'a pas pu vérifier qu'après ce décalage, les acquéreurs de « ${planningName} » restent plaçables : placer quand même ?`,
  /** A staff placement over another planning's time: the dialog asks before placing anyway. */
  placeAnyway: (conflict: string) => `${conflict} : placer quand même ?`,
  elsewhereHeader: 'AMO déjà pris ailleurs',
  /** Under the creation's warning: a new planning ranks after every other (docs/scheduling.md « One person, one calendar »). */
  elsewhereCreationNote:
    "Ces horaires ne seront pas proposés aux acquéreurs de ce planning : choisissez d'autres jours ou un autre AMO si ce planning en a besoin.",
  /** The times taken elsewhere could not be read (network, server): never shown as « none ». */
  elsewhereUnknown: 'Impossible de vérifier où ces AMO travaillent déjà : rechargez la page avant de décider.',
  strandingHeader: 'Des acquéreurs n’auraient plus de créneau',
  travelTimeLabel: 'Temps de trajet entre deux programmes (minutes)',
  travelTimeInvalid: 'Temps de trajet invalide : entre 0 et 240 minutes.',
  daysOffTitle: 'Mes indisponibilités',
  /** A day off in the AMO's calendar feed. */
  feedDayOff: 'Indisponible (Mes indisponibilités)',
  dayOffAdded: 'Indisponibilité enregistrée.',
  dayOffDeleted: 'Indisponibilité supprimée.',
  dayOffNotFound: 'Indisponibilité introuvable.',
  dayOffInvalid: "La fin de l'indisponibilité doit suivre son début.",
  dayOffTooLong: 'Une indisponibilité dure au plus 366 jours.',
  deleteDayOffConfirm: 'Supprimer cette indisponibilité ?',
  notAnAmo: "Ce compte n'est pas un AMO.",
  travelTimeSaved: 'Temps de trajet enregistré.',
  /** The planning page: times a named AMO works on other plannings. */
  takenElsewhereTitle: 'Temps déjà pris ailleurs',
  noConflict: 'Aucun conflit avec les autres plannings.',
} as const;
