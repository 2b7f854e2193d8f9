import { createHash } from 'node:crypto';
import { exportMessages } from '../../../shared/messages/exports';
import { defaultTitleFormat } from '../../../shared/exports/title-format';
import type { CalendarFeedStatus } from '../../../shared/exports/calendar-feed';
import { deleteCalendarFeed, findCalendarFeedOwner, getCalendarFeed, storeCalendarFeed } from '../../data/calendar-feeds-repository';
import { listProgramPlannings, type PlanningRecord } from '../../data/plannings-repository';
import { amoWholeCalendar } from '../plannings/amo-whole-day';
import { listProgramAccess } from '../../data/programs-repository';
import { getUserById } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { newCapabilityId } from '../security/ids';
import { exportVisits } from './export-visits';
import { amoNamesOf } from './load-export-plannings';
import { visitsIcs, type CalendarSource } from './visits-ics';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The feed's address: an https URL for Google and Outlook, the same as webcal:// for Apple Calendar. */
function feedUrls(publicUrl: string, token: string): { url: string; webcalUrl: string } {
  const url = `${publicUrl}/api/exports/calendar-feed/${token}/visites.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

// POST /exports/calendar-feed: a new private subscription link (256 random bits); the old one stops working
export async function issueCalendarFeed(deps: Deps, caller: Caller): Promise<{ url: string; webcalUrl: string }> {
  const token = newCapabilityId(32);
  await storeCalendarFeed(deps.store, caller.userId, hashOf(token), deps.now().toISOString());
  return feedUrls(deps.config.publicUrl, token);
}

// GET /exports/calendar-feed: whether the AMO has an active link, and since when (the profile page)
export async function calendarFeedStatus(deps: Deps, caller: Caller): Promise<CalendarFeedStatus> {
  const feed = await getCalendarFeed(deps.store, caller.userId);
  return { active: feed !== null, createdAt: feed?.createdAt ?? null };
}

// DELETE /exports/calendar-feed: the link is revoked, the feed answers 404
export async function revokeCalendarFeed(deps: Deps, caller: Caller): Promise<{ revoked: true }> {
  await deleteCalendarFeed(deps.store, caller.userId);
  return { revoked: true };
}

/**
 * A visit belongs in an AMO's feed when it is theirs (their column of the planning's AMO list) or
 * nobody's: most plannings name no AMO (imposed ones never, free ones unless 'AMO assignés'), so
 * their visits go to every AMO working on the program. A visit named to another AMO is theirs alone.
 */
function isFeedVisit(planning: PlanningRecord, amoNb: number | null, userId: string): boolean {
  const named = amoNb === null ? undefined : planning.amoList[amoNb];
  return !named || named === userId;
}

/**
 * GET /exports/calendar-feed/{token}/visites.ics (public, the token is the capability): the visits
 * of every planning of the programs the AMO is authorized on (part 3 §6 authorizations), theirs
 * and the unassigned ones, and of every planning naming them; their days off; as they stand now — a moved visit
 * keeps its UID with a higher SEQUENCE, a cancelled one leaves the feed, so subscribed calendars follow.
 */
export async function amoCalendarFeed(deps: Deps, token: string): Promise<string> {
  const userId = token.length >= 22 ? await findCalendarFeedOwner(deps.store, hashOf(token)) : null;
  const amo = userId ? await getUserById(deps.store, userId) : null;
  if (!amo || !userId) throw new NotFoundError(exportMessages.feedNotFound);
  const access = await listProgramAccess(deps.store, userId);
  const plannings = (await Promise.all(access.map(({ programId }) => listProgramPlannings(deps.store, programId)))).flat();
  const isPublished = (planning: PlanningRecord) => planning.templateType === 'promoter' || planning.templateType === 'promoterImpose';
  // The whole person: also the plannings naming them elsewhere, and their days off (docs/scheduling.md « One person, one calendar »).
  const { states, daysOff } = await amoWholeCalendar(deps, userId, plannings.filter(isPublished), isPublished);
  const amoNames = await amoNamesOf(deps, states);
  const sources: CalendarSource[] = states.map((state) => ({
    planning: state.planning,
    visits: exportVisits([state], defaultTitleFormat, amoNames).filter((visit) => isFeedVisit(state.planning, visit.meeting.amoNb, userId)),
  }));
  return visitsIcs(sources, `Livrea - visites de ${amo.firstname} ${amo.lastname}`.trim(), deps.config.publicUrl, { userId, daysOff });
}
