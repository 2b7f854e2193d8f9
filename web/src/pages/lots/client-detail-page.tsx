import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error';
import { clientQueries } from '../../api/client-queries';
import { PageLoading } from '../../components/page-loading';
import { RouterLink } from '../../components/router-link';
import { useProgram } from '../programs/use-program';
import { ClientProfileForm } from './client-profile-form';
import { TypologyBadge } from './typology-badge';
// part 1 §2 buyer area: the Messages, Rendez-vous and Visites Virtuelles tabs and the buyer invitation
import { ProgramTickets } from '../program-messages/program-tickets';
import { ClientInviteButton } from './client-tabs/client-invite-button';
import { ClientMeetingsTab } from './client-tabs/client-meetings-tab';
import { ClientVisitsTab } from './client-tabs/client-visits-tab';
import { clientDetailMessages, lotListMessages } from '../../../../shared/messages/lot-pages';

/**
 * /projets/{programId}/clients/{clientId} (part 2 §2.2): 'Données client', tabs Profil (active),
 * Messages (the buyer-message thread), Rendez-vous and Visites Virtuelles (part 1 §2 buyer area enables them),
 * the profile form, and the buyer's invitation to the buyer area.
 */
export function ClientDetailPage() {
  const { clientId = '' } = useParams();
  const { programId } = useProgram();
  const client = useQuery(clientQueries.detail(programId, clientId));
  // A failed save remounts the form on the server's values.
  const [formVersion, setFormVersion] = useState(0);

  const back = <RouterLink href={`/projets/${programId}/clients`}>{clientDetailMessages.backToLots}</RouterLink>;

  if (client.isError) {
    const final = isApiError(client.error, 404) || isApiError(client.error, 403);
    return (
      <Alert
        type="error"
        header={errorMessage(client.error)}
        action={final ? undefined : <Button onClick={() => void client.refetch()}>{lotListMessages.retry}</Button>}
      >
        {back}
      </Alert>
    );
  }
  if (client.isPending) return <PageLoading />;
  const lot = client.data;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`Lot ${lot.lotcomm} · ${[lot.nom, lot.firstname].filter(Boolean).join(' ')}`}
          actions={<ClientInviteButton programId={programId} clientId={clientId} />}
        >
          {clientDetailMessages.title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <KeyValuePairs
            columns={4}
            items={[
              { label: 'Lot comm', value: lot.lotcomm },
              { label: 'Typologie', value: <TypologyBadge typologie={lot.typologie} /> },
              { label: lotListMessages.building, value: lot.batiment || '—' },
              { label: lotListMessages.floor, value: lot.etage || '—' },
            ]}
          />
        </Container>
        <Tabs
          ariaLabel={clientDetailMessages.title}
          tabs={[
            {
              id: 'profil',
              label: 'Profil',
              content: (
                <ClientProfileForm
                  key={`${lot._id}-${formVersion}`}
                  programId={programId}
                  lot={lot}
                  onFailure={() => void client.refetch().then(() => setFormVersion((version) => version + 1))}
                />
              ),
            },
            { id: 'messages', label: 'Messages', content: <ProgramTickets programId={programId} lot={clientId} showLot={false} /> },
            // values, not messages: the tab's id, in the page's address.
            { id: 'rendez-vous', label: clientDetailMessages.meetingsTab, content: <ClientMeetingsTab programId={programId} clientId={clientId} /> },
            { id: 'visites-virtuelles', label: 'Visites Virtuelles', content: <ClientVisitsTab programId={programId} clientId={clientId} /> },
          ]}
        />
        {back}
      </SpaceBetween>
    </ContentLayout>
  );
}
