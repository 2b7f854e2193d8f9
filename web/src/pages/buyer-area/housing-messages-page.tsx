import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadLimits } from '../../../../shared/domain/upload-limits';
import { buyerAreaMessages, buyerAreaScreenMessages } from '../../../../shared/messages/buyer-area';
import { buyerAreaQueries, useBuyerReplyMutation, useOpenTicketMutation } from '../../api/buyer-area-queries';
import { formatDateTime } from '../../components/format-date';
import { MessageComposer } from './components/message-composer';
import { TicketThread } from './components/ticket-thread';
import { useHousing } from './housing-layout';
import { useClearBadges } from './use-clear-badges';

const buyerAcceptText = 'Images png, jpeg ou jpg.';

/**
 * /logement/{id}/messages (part 1 §2 « conversations as tickets », §5): the housing's conversations,
 * newest activity first, the ones staff answered and not yet read opened; a new conversation with
 * subject, message and photos; a reply under each.
 */
export function HousingMessagesPage() {
  const housing = useHousing();
  // Read once on opening: the badges are cleared right after, the answered conversations stay open.
  const [unreadTickets] = useState(
    () => new Set(housing.notifications.filter((notification) => notification.badgeName === 'messages').map((notification) => notification.ticket)),
  );
  useClearBadges(housing, 'messages');
  const tickets = useQuery(buyerAreaQueries.tickets(housing._id));
  const open = useOpenTicketMutation(housing._id);
  const reply = useBuyerReplyMutation(housing._id);

  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Nouveau message</Header>}>
        <MessageComposer
          withSubject
          limit={uploadLimits.areaImage}
          acceptText={buyerAcceptText}
          submitText="Envoyer"
          onSubmit={(draft) => open.mutateAsync(draft)}
        />
      </Container>
      <Header variant="h2" counter={tickets.data ? `(${tickets.data.length})` : undefined}>
        {buyerAreaScreenMessages.exchanges}
      </Header>
      {tickets.isError && (
        <Alert type="error" action={<Button onClick={() => void tickets.refetch()}>{buyerAreaScreenMessages.retry}</Button>}>
          {buyerAreaMessages.ticketsLoadFailed}
        </Alert>
      )}
      {tickets.isPending && <Spinner size="big" />}
      {tickets.data?.length === 0 && <Box color="text-body-secondary">{buyerAreaScreenMessages.noExchange}</Box>}
      {[...(tickets.data ?? [])]
        .sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt))
        .map((ticket) => (
          <ExpandableSection
            key={ticket._id}
            variant="container"
            defaultExpanded={unreadTickets.has(ticket._id)}
            headerText={ticket.subject}
            headerInfo={unreadTickets.has(ticket._id) ? <Badge color="red">{buyerAreaScreenMessages.newReply}</Badge> : undefined}
            headerDescription={buyerAreaScreenMessages.lastMessageOn(formatDateTime(ticket.lastMessageAt))}
          >
            <SpaceBetween size="m">
              <TicketThread ticket={ticket} side="buyer" />
              <MessageComposer
                limit={uploadLimits.areaImage}
                acceptText={buyerAcceptText}
                submitText={buyerAreaScreenMessages.reply}
                onSubmit={(draft) => reply.mutateAsync({ ...draft, ticket: ticket._id })}
              />
            </SpaceBetween>
          </ExpandableSection>
        ))}
    </SpaceBetween>
  );
}
