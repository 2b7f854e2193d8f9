import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useInfiniteQuery } from '@tanstack/react-query';
import { uploadLimits } from '../../../../shared/domain/upload-limits';
import { buyerAreaMessages, buyerAreaScreenMessages, programMessagesMessages } from '../../../../shared/messages/buyer-area';
import { buyerAreaQueries, useStaffReplyMutation } from '../../api/buyer-area-queries';
import { LoadMoreButton } from '../../components/load-more-button';
import { formatDateTime } from '../../components/format-date';
import { MessageComposer } from '../buyer-area/components/message-composer';
import { TicketThread } from '../buyer-area/components/ticket-thread';

/**
 * The conversations of a program (or of one lot: the client detail's Messages tab) as staff see
 * them: waiting for an answer first (the server's order), each with its thread and a reply with
 * attachments (images or PDF). A program's come a page at a time (docs/architecture.md « Bounded
 * answers »): « Charger plus » adds the next page.
 */
export function ProgramTickets({ programId, lot, showLot = true }: { programId: string; lot?: string; showLot?: boolean }) {
  const tickets = useInfiniteQuery(buyerAreaQueries.programMessages(programId, lot));
  const reply = useStaffReplyMutation(programId);

  if (tickets.isError) {
    return (
      <Alert type="error" action={<Button onClick={() => void tickets.refetch()}>{buyerAreaScreenMessages.retry}</Button>}>
        {buyerAreaMessages.ticketsLoadFailed}
      </Alert>
    );
  }
  if (tickets.isPending) return <Spinner size="big" />;
  // A conversation answered meanwhile moves between pages: each is shown once.
  const shown = [...new Map(tickets.data.pages.flatMap((page) => page.tickets).map((ticket) => [ticket._id, ticket])).values()];
  if (shown.length === 0) return <Box color="text-body-secondary">{programMessagesMessages.noMessage}</Box>;
  return (
    <SpaceBetween size="m">
      {shown.map((ticket) => (
        <ExpandableSection
          key={ticket._id}
          variant="container"
          headerText={showLot ? `Lot ${ticket.lotcomm} · ${ticket.subject}` : ticket.subject}
          headerInfo={ticket.unreadByStaff ? <Badge color="red">{programMessagesMessages.unread}</Badge> : undefined}
          headerDescription={programMessagesMessages.lastMessage(ticket.sender.name, formatDateTime(ticket.lastMessageAt))}
        >
          <SpaceBetween size="m">
            <TicketThread ticket={ticket} side="staff" />
            <MessageComposer
              limit={uploadLimits.areaStaffFile}
              acceptText={programMessagesMessages.staffAccept}
              submitText={buyerAreaScreenMessages.reply}
              onSubmit={(draft) => reply.mutateAsync({ ...draft, ticket: ticket._id })}
            />
          </SpaceBetween>
        </ExpandableSection>
      ))}
      <LoadMoreButton hasMore={tickets.hasNextPage} loading={tickets.isFetchingNextPage} onLoad={() => void tickets.fetchNextPage()} />
    </SpaceBetween>
  );
}
