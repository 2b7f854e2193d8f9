import type { BuyerView } from '../../../../shared/domain/planning';
import { contactName, telHref } from './booking-form';

export interface ContactCardProps {
  contact: BuyerView['planning']['contact'];
  /** Shown when the planning names no contact person. */
  promoter: string;
}

/** The planning's contact person: name, phone and mail as links a phone can follow. */
export function ContactCard({ contact, promoter }: ContactCardProps) {
  const name = contactName(contact) || promoter;
  return (
    <address className="bk-contact">
      <span className="bk-contact__name">{name}</span>
      {contact.contactTelephone && (
        <a className="bk-contact__link" href={telHref(contact.contactTelephone)}>
          <span aria-hidden="true">☎</span> {contact.contactTelephone}
        </a>
      )}
      {contact.contactMail && (
        <a className="bk-contact__link" href={`mailto:${contact.contactMail}`}>
          <span aria-hidden="true">✉</span> {contact.contactMail}
        </a>
      )}
    </address>
  );
}
