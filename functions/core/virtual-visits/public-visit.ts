import { splitList, visitStatus, type PublicVisitView } from '../../../shared/domain/virtual-visit';
import { virtualVisitMessages } from '../../../shared/messages/virtual-visits';
import { getVirtualVisit, type VirtualVisitRecord } from '../../data/virtual-visits-repository';
import { getProgram } from '../../data/programs-repository';
import { getVisitPromoter } from '../../data/visit-promoters-repository';
import { recordVisitView } from '../../data/visit-views-repository';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { newCapabilityId } from '../security/ids';
import { locateIp } from './geolocate';

/** A visit that is shown: it exists and its program, if any, is not being deleted (its erasure follows). */
async function loadShownVisit(deps: Deps, uuid: string): Promise<VirtualVisitRecord> {
  const visit = await getVirtualVisit(deps.store, uuid);
  if (!visit || (visit.programId && !(await getProgram(deps.store, visit.programId)))) throw new NotFoundError(virtualVisitMessages.notFound);
  return visit;
}

/** GET /vv/{uuid}: what /immersion/{uuid} shows (never writes; the view is counted by the POST). */
export async function getPublicVisit(deps: Deps, uuid: string): Promise<PublicVisitView> {
  const visit = await loadShownVisit(deps, uuid);
  const promoter = await getVisitPromoter(deps.store, visit.promoter);
  const active = visitStatus(visit.endDate, deps.now().getTime()) === 'active';
  return {
    state: active ? 'active' : 'expired',
    // An expired visit shows its message only: its tours are not sent.
    visit: {
      uuid: visit.uuid,
      name: visit.name,
      pointer: visit.pointer,
      links: active ? splitList(visit.payload) : [],
      startDate: visit.startDate,
      endDate: visit.endDate,
    },
    promoter: promoter
      ? {
          _id: promoter._id,
          name: promoter.name,
          firstParagraph: promoter.firstParagraph,
          secondParagraph: promoter.secondParagraph,
          thirdParagraph: promoter.thirdParagraph,
          hasLogo: !!promoter.logoKey,
        }
      : null,
  };
}

/**
 * POST /vv/{uuid}/increment: one opening of the page. The address is the gateway's sourceIp
 * (never a header the visitor can set); its place comes from the offline database. Reloads from
 * the same address within a minute count once; an expired visit is not counted.
 */
export async function countVisitView(deps: Deps, uuid: string, sourceIp: string): Promise<{ counted: boolean }> {
  const visit = await loadShownVisit(deps, uuid);
  const now = deps.now();
  if (visitStatus(visit.endDate, now.getTime()) !== 'active') return { counted: false };
  const place = locateIp(sourceIp);
  const date = now.toISOString();
  const counted = await recordVisitView(
    deps.store,
    {
      _id: `${date}_${newCapabilityId(6)}`,
      uuid: visit.uuid,
      name: visit.name,
      pointer: visit.pointer,
      promoter: visit.promoter,
      date,
      country_code: place.countryCode,
      country_name: place.countryName,
      city: place.city,
      postal: place.postal,
      latitude: place.latitude,
      longitude: place.longitude,
      IPv4: sourceIp,
      state: place.state,
    },
    now,
  );
  return { counted };
}
