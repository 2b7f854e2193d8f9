import type { WaitHold } from '../domain/waitlist';
import { epochToParisWall, frenchSlotLabel, parisWallLabel } from '../scheduling/time-grid';

/** 'lundi 7 décembre 2026 à 09:00' (Paris): the held start as the page and the messages name it. */
export function heldStartLabel(hold: Pick<WaitHold, 'start'>): string {
  const wall = epochToParisWall(Date.parse(hold.start));
  return frenchSlotLabel(wall.date, wall.minuteOfDay);
}

/** 'HH:MM' (Paris): until when the start is held. */
export function holdEndLabel(hold: Pick<WaitHold, 'until'>): string {
  return parisWallLabel(Date.parse(hold.until));
}
