import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type CalendarFeedLink } from '../../../../shared/exports/calendar-feed';
import { calendarFeedMessages } from '../../../../shared/messages/exports';
import { calendarFeedQueries, useIssueCalendarFeedMutation, useRevokeCalendarFeedMutation } from '../../api/calendar-feed-queries';
import { ApiError } from '../../api/api-error';
import { notify } from '../../app/notifications-store';
import { formatDateTime } from '../../components/format-date';
import { ConfirmModal } from '../../components/confirm-modal';

const failure = (header: string, error: unknown) => `${header}${error instanceof ApiError && error.message ? ` ${error.message}` : ''}`;

/**
 * The AMO's private calendar subscription on the profile page (part 1 §7 ★): get a link
 * to their visits across programs for Google Agenda, Outlook or Apple Calendar, copy it, or revoke
 * it. The link is shown once, right after it is made (the server keeps only its hash); a new link
 * or a revoke makes the previous one answer 404, so both are confirmed first when a link is active.
 */
export function CalendarFeedSection() {
  const status = useQuery(calendarFeedQueries.status());
  const issue = useIssueCalendarFeedMutation();
  const revoke = useRevokeCalendarFeedMutation();
  const [link, setLink] = useState<CalendarFeedLink | null>(null);
  const [confirming, setConfirming] = useState<'renew' | 'revoke' | null>(null);

  const issueLink = () =>
    issue.mutate(undefined, {
      onSuccess: (issued) => {
        setLink(issued);
        setConfirming(null);
      },
      onError: (error) => {
        setConfirming(null);
        notify({ id: 'calendar-feed', type: 'error', content: failure(calendarFeedMessages.issueFailed, error) });
      },
    });
  const revokeLink = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setLink(null);
        setConfirming(null);
        notify({ id: 'calendar-feed', type: 'success', content: calendarFeedMessages.revoked });
      },
      onError: (error) => {
        setConfirming(null);
        notify({ id: 'calendar-feed', type: 'error', content: failure(calendarFeedMessages.revokeFailed, error) });
      },
    });

  const active = status.data?.active ?? false;
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Un lien privé vers vos visites de tous vos programmes, à ajouter dans Google Agenda, Outlook ou Calendrier (Apple). Les visites déplacées ou annulées y sont mises à jour."
          actions={
            status.isSuccess ? (
              <SpaceBetween direction="horizontal" size="xs">
                {active ? (
                  <Button onClick={() => setConfirming('revoke')} disabled={issue.isPending}>
                    Révoquer le lien
                  </Button>
                ) : null}
                <Button variant="primary" onClick={() => (active ? setConfirming('renew') : issueLink())} loading={issue.isPending && confirming === null}>
                  {active ? 'Générer un nouveau lien' : "Obtenir mon lien d'abonnement"}
                </Button>
              </SpaceBetween>
            ) : null
          }
        >
          Abonnement à mon calendrier de visites
        </Header>
      }
    >
      {status.isPending ? (
        <Spinner size="normal" />
      ) : status.isError ? (
        <Alert type="error" action={<Button onClick={() => void status.refetch()}>Réessayer</Button>}>
          {calendarFeedMessages.statusFailed}
        </Alert>
      ) : (
        <SpaceBetween size="m">
          <Box>
            {active && status.data.createdAt
              ? `Un lien d'abonnement est actif depuis le ${formatDateTime(status.data.createdAt, "dd/MM/yyyy 'à' HH:mm")}.`
              : "Aucun lien d'abonnement actif."}
          </Box>
          {link && active ? (
            <SpaceBetween size="s">
              <FormField
                label="Votre lien d'abonnement"
                description="Copiez-le maintenant : il n'est affiché qu'une fois. Toute personne qui le connaît voit vos visites."
              >
                <CopyToClipboard
                  variant="inline"
                  textToCopy={link.url}
                  copyButtonAriaLabel="Copier le lien d'abonnement"
                  copySuccessText="Lien copié"
                  copyErrorText="Lien non copié"
                />
              </FormField>
              <Link href={link.webcalUrl} external externalIconAriaLabel="(ouvre l'application de calendrier)">
                Ouvrir dans Calendrier (Apple)
              </Link>
            </SpaceBetween>
          ) : null}
        </SpaceBetween>
      )}
      {confirming === 'revoke' ? (
        <ConfirmModal
          header="Révoquer le lien d'abonnement ?"
          confirmLabel="Révoquer"
          pending={revoke.isPending}
          onConfirm={revokeLink}
          onDismiss={() => setConfirming(null)}
        >
          Les calendriers abonnés avec ce lien ne recevront plus vos visites. Vous pourrez en obtenir un nouveau.
        </ConfirmModal>
      ) : null}
      {confirming === 'renew' ? (
        <ConfirmModal
          header="Générer un nouveau lien ?"
          confirmLabel="Générer"
          pending={issue.isPending}
          onConfirm={issueLink}
          onDismiss={() => setConfirming(null)}
        >
          Le lien actuel cessera de fonctionner : les calendriers abonnés avec lui devront être abonnés au nouveau lien.
        </ConfirmModal>
      ) : null}
    </Container>
  );
}
