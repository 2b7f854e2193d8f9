import { planningActions } from '../../api/planning-detail-queries';
import type { AddBuyer } from '../../components/planning-detail/add-buyer-modal';
import { parisInstant } from '../../components/planning-detail/calendar-config';

/**
 * 'Ajouter un acquéreur' (part 2 §5): an imposed planning's buyer is placed and convened by the one
 * add-customer call (start required); a free planning's is added, then placed by a forced booking
 * when a time was given. Answers the server's message.
 */
export async function addBuyer(planningId: string, imposed: boolean, value: AddBuyer): Promise<string> {
  const rdvDate = value.start ? Math.round(Date.parse(parisInstant(value.start.date, value.start.time)) / 1000) : null;
  if (imposed) {
    const convened = await planningActions.addCustomer(planningId, {
      user: value.lotId,
      duree: value.duree,
      start: rdvDate ?? undefined,
      isMailConvocation: value.sendMail,
      selectedAmo: value.amoNb,
    });
    return convened.message;
  }
  const added = await planningActions.addCustomer(planningId, { user: value.lotId, duree: value.duree, isMailInvitation: value.sendMail });
  if (rdvDate === null) return added.message;
  return (await planningActions.bookForce(planningId, { selected: added.meeting.uuid, rdvDate, length: value.duree, isMailConfirmation: value.sendMail }))
    .message;
}
