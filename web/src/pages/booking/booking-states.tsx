import type { BuyerView } from '../../../../shared/domain/planning';
import { ContactCard } from '../../components/booking/contact-card';
import { quitPage } from '../../components/quit-page';
import { bookingMessages } from '../../../../shared/messages/booking';

/** Texts of the booking page's states (part 1 §2), verbatim where the specification quotes them. */
export const bookingTexts = {
  notFound: bookingMessages.notFound,
  vpnNote:
    "Vérifiez le lien reçu par SMS ou par e-mail. Si vous utilisez un VPN, il peut empêcher l'affichage de votre rendez-vous : désactivez-le puis rouvrez le lien.",
  quit: 'Quitter',
  disabled: 'Votre rendez-vous a été désactivé. Veuillez contacter',
  closed: bookingMessages.closed,
  noSlots: "Aucun créneau n'est disponible pour le moment. Veuillez contacter votre interlocuteur :",
  unavailableLink: 'Cliquez ici',
  availableAgain: 'Vous êtes finalement disponible(s) ?',
  updateFailed: 'Une erreur est apparue.',
  addToCalendar: 'Ajouter au calendrier',
  cancel: 'Annuler le rendez-vous',
  forced: bookingMessages.forced,
} as const;

export function NotFoundState() {
  return (
    <div className="bk-result">
      <span className="bk-result__icon" aria-hidden="true">
        ?
      </span>
      <h1 className="bk-h1" tabIndex={-1}>
        {bookingTexts.notFound}
      </h1>
      <p className="bk-muted">{bookingTexts.vpnNote}</p>
      <button type="button" className="bk-btn bk-btn--primary" onClick={quitPage}>
        {bookingTexts.quit}
      </button>
    </div>
  );
}

export function LoadErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="bk-result">
      <span className="bk-result__icon bk-result__icon--warning" aria-hidden="true">
        !
      </span>
      <h1 className="bk-h1" tabIndex={-1}>
        Impossible d'afficher votre rendez-vous
      </h1>
      <p role="alert" className="bk-muted">
        {message}
      </p>
      <button type="button" className="bk-btn bk-btn--primary" onClick={onRetry}>
        Réessayer
      </button>
    </div>
  );
}

export function DisabledState({ view }: { view: BuyerView }) {
  return (
    <div className="bk-card">
      <h1 className="bk-h1" tabIndex={-1}>
        Rendez-vous désactivé
      </h1>
      <p>{bookingTexts.disabled} :</p>
      <ContactCard contact={view.planning.contact} promoter={view.planning.promoter} />
    </div>
  );
}

export function ClosedState({ view }: { view: BuyerView }) {
  return (
    <div className="bk-card">
      <h1 className="bk-h1" tabIndex={-1}>
        {bookingTexts.closed}
      </h1>
      <p className="bk-muted">Pour toute question, contactez :</p>
      <ContactCard contact={view.planning.contact} promoter={view.planning.promoter} />
    </div>
  );
}

export interface UnavailableStateProps {
  view: BuyerView;
  pending: boolean;
  onAvailable: () => void;
}

export function UnavailableState({ view, pending, onAvailable }: UnavailableStateProps) {
  return (
    <div className="bk-card">
      <h1 className="bk-h1" tabIndex={-1}>
        Indisponibilité enregistrée
      </h1>
      <p>Vous nous avez indiqué ne pas être disponible(s) aux dates proposées. Votre interlocuteur reviendra vers vous.</p>
      {view.meeting.note && (
        <figure className="bk-quote">
          <figcaption className="bk-muted">Votre message :</figcaption>
          <blockquote>{view.meeting.note}</blockquote>
        </figure>
      )}
      <div className="bk-actions">
        <button type="button" className="bk-btn bk-btn--secondary" onClick={onAvailable} disabled={pending}>
          {bookingTexts.availableAgain}
        </button>
      </div>
      <p className="bk-muted">Une question ? Contactez :</p>
      <ContactCard contact={view.planning.contact} promoter={view.planning.promoter} />
    </div>
  );
}
