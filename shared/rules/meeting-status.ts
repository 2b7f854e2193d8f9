/** Booked by the buyer or placed by staff: the detail page shows 'réservé'. */
export const isPlaced = (meeting: { isBooked: boolean; forced: string | null }): boolean => meeting.isBooked || !!meeting.forced;

/** Still to place (part 2 §5 'Manual booking', §9 hours): active, available, without a visit. */
export const isToPlace = (meeting: { isActive: boolean; isAvailable: boolean; isBooked: boolean; forced: string | null }): boolean =>
  meeting.isActive && meeting.isAvailable && !isPlaced(meeting);

/** Status of one buyer's meeting in a free planning (part 1 §4, part 2 §4 detail page). */
export type FreeMeetingStatus = 'inactif' | 'réservé' | 'en attente' | 'indisponible';

/** The free meeting's status: values, not messages (the participants table filters and counts by them). */
export function freeMeetingStatus(meeting: { isActive: boolean; isBooked: boolean; forced: string | null; isAvailable: boolean }): FreeMeetingStatus {
  if (!meeting.isActive) return 'inactif';
  if (isPlaced(meeting)) return 'réservé';
  if (meeting.isAvailable) return 'en attente';
  return 'indisponible';
}

/** Status of a convocation in an imposed planning (part 1 §4): values, not messages, as above. */
export function imposedMeetingStatus(meeting: {
  isActive: boolean;
  isConfirmed: boolean;
  isAvailable: boolean;
}): 'inactif' | 'présent' | 'indisponible' | 'en attente' {
  if (!meeting.isConfirmed && !meeting.isActive) return 'inactif';
  if (meeting.isConfirmed && meeting.isAvailable) return 'présent';
  if (meeting.isConfirmed && !meeting.isAvailable) return 'indisponible';
  return 'en attente';
}
