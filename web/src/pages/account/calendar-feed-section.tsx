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
import { dayAtTimePattern } from '../../../../shared/i18n/french-dates';
import { calendarFeedSectionMessages } from '../../../../shared/messages/account';
import { controlMessages } from '../../../../shared/messages/controls';
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
          description={calendarFeedSectionMessages.description}
          actions={
            status.isSuccess ? (
              <SpaceBetween direction="horizontal" size="xs">
                {active ? (
                  <Button onClick={() => setConfirming('revoke')} disabled={issue.isPending}>
                    {calendarFeedSectionMessages.revokeLink}
                  </Button>
                ) : null}
                <Button variant="primary" onClick={() => (active ? setConfirming('renew') : issueLink())} loading={issue.isPending && confirming === null}>
                  {active ? calendarFeedSectionMessages.renewLink : calendarFeedSectionMessages.getLink}
                </Button>
              </SpaceBetween>
            ) : null
          }
        >
          {calendarFeedSectionMessages.title}
        </Header>
      }
    >
      {status.isPending ? (
        <Spinner size="normal" />
      ) : status.isError ? (
        <Alert type="error" action={<Button onClick={() => void status.refetch()}>{controlMessages.retry}</Button>}>
          {calendarFeedMessages.statusFailed}
        </Alert>
      ) : (
        <SpaceBetween size="m">
          <Box>
            {active && status.data.createdAt
              ? calendarFeedSectionMessages.activeSince(formatDateTime(status.data.createdAt, dayAtTimePattern))
              : calendarFeedSectionMessages.noActiveLink}
          </Box>
          {link && active ? (
            <SpaceBetween size="s">
              <FormField label={calendarFeedSectionMessages.yourLink} description={calendarFeedSectionMessages.copyNow}>
                <CopyToClipboard
                  variant="inline"
                  textToCopy={link.url}
                  copyButtonAriaLabel={calendarFeedSectionMessages.copyLink}
                  copySuccessText={calendarFeedSectionMessages.copied}
                  copyErrorText={calendarFeedSectionMessages.notCopied}
                />
              </FormField>
              <Link href={link.webcalUrl} external externalIconAriaLabel={calendarFeedSectionMessages.opensCalendarApp}>
                {calendarFeedSectionMessages.openInApple}
              </Link>
            </SpaceBetween>
          ) : null}
        </SpaceBetween>
      )}
      {confirming === 'revoke' ? (
        <ConfirmModal
          header={calendarFeedSectionMessages.revokeConfirmTitle}
          confirmLabel={calendarFeedSectionMessages.revoke}
          pending={revoke.isPending}
          onConfirm={revokeLink}
          onDismiss={() => setConfirming(null)}
        >
          {calendarFeedSectionMessages.revokeConfirm}
        </ConfirmModal>
      ) : null}
      {confirming === 'renew' ? (
        <ConfirmModal
          header={calendarFeedSectionMessages.renewConfirmTitle}
          confirmLabel={calendarFeedSectionMessages.renew}
          pending={issue.isPending}
          onConfirm={issueLink}
          onDismiss={() => setConfirming(null)}
        >
          {calendarFeedSectionMessages.renewConfirm}
        </ConfirmModal>
      ) : null}
    </Container>
  );
}
