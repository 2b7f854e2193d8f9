import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Housing } from '../../../../shared/domain/buyer-area';
import { buyerAreaScreenMessages } from '../../../../shared/messages/buyer-area';
import { screenNames } from '../../../../shared/messages/navigation';
import { buyerAreaQueries } from '../../api/buyer-area-queries';
import { errorMessage } from '../../api/api-error';
import { writeItem } from '../../app/session-store';
import { storageKeys } from '../../app/storage-keys';
import { EmailConfirmationAlert } from './components/email-confirmation-alert';

const parisDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'full', timeStyle: 'short' });

/**
 * /accueil-acquereur (part 1 §2 buyer area): « Mes logements (n) » with program, lot, typology, address
 * and logo, and the next visit with its booking link. 'Aucun logement' shows only when the call
 * succeeded with none; a failed call is an error with a retry (part 3 §2).
 */
export function BuyerHomePage() {
  const navigate = useNavigate();
  const query = useQuery(buyerAreaQueries.myHousings());

  const open = (housing: Housing) => {
    writeItem(storageKeys.currentHousingId, housing._id);
    writeItem(storageKeys.currentHousing, JSON.stringify(housing));
    void navigate(`/logement/${housing._id}/actualite`);
  };

  if (query.isError) {
    return (
      <Alert type="error" header={screenNames.myHousings} action={<Button onClick={() => void query.refetch()}>{buyerAreaScreenMessages.retry}</Button>}>
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const next = query.data?.nextVisit;
  return (
    <SpaceBetween size="l">
      <EmailConfirmationAlert />
      {next && (
        <Container header={<Header variant="h2">{buyerAreaScreenMessages.home.nextVisit}</Header>}>
          <SpaceBetween size="xs">
            <Box>{next.planningName}</Box>
            <Box>{next.start ? parisDate.format(new Date(next.start)) : buyerAreaScreenMessages.home.toBook}</Box>
            <Link href={next.link} external={false}>
              {next.start ? buyerAreaScreenMessages.home.seeAppointment : buyerAreaScreenMessages.home.bookVisit}
            </Link>
          </SpaceBetween>
        </Container>
      )}
      <Cards
        variant="full-page"
        loading={query.isPending}
        loadingText={buyerAreaScreenMessages.home.housingsLoading}
        items={query.data?.housings ?? []}
        trackBy="_id"
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={query.data ? `(${query.data.housings.length})` : undefined}
            description={buyerAreaScreenMessages.home.housingsDescription}
          >
            {screenNames.myHousings}
          </Header>
        }
        cardDefinition={{
          header: (housing) => `Lot ${housing.lotcomm}`,
          sections: [
            {
              id: 'program',
              header: 'Programme',
              content: (housing) => (
                <SpaceBetween size="xs" direction="horizontal" alignItems="center">
                  {housing.program.hasAvatar && <img src={`/api/programs/${housing.program._id}/avatar`} alt={`Logo ${housing.program.name}`} height={32} />}
                  <span>{housing.program.name}</span>
                </SpaceBetween>
              ),
            },
            { id: 'typologie', header: 'Typologie', content: (housing) => housing.typologie },
            { id: 'place', header: buyerAreaScreenMessages.home.place, content: (housing) => `${housing.batiment} / ${housing.etage}` },
            {
              id: 'address',
              header: 'Adresse',
              content: (housing) => [housing.adresse, housing.codepostal, housing.ville].filter(Boolean).join(' ') || housing.program.adresse || '—',
            },
            { id: 'open', content: (housing) => <Button onClick={() => open(housing)}>Voir mon logement</Button> },
          ],
        }}
        cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }, { minWidth: 1000, cards: 3 }]}
        empty={
          <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
            <Box variant="strong" color="inherit">
              {buyerAreaScreenMessages.home.empty}
            </Box>
            <Box variant="p" color="inherit">
              {buyerAreaScreenMessages.home.emptyText}
            </Box>
          </Box>
        }
      />
    </SpaceBetween>
  );
}
