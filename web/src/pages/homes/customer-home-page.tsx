import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { housingQueries, type HousingSummary } from '../../api/housing-queries';
import { errorMessage } from '../../api/api-error';
import { writeItem } from '../../app/session-store';
import { storageKeys } from '../../app/storage-keys';

function programName(housing: HousingSummary): string | undefined {
  return typeof housing.program === 'object' ? housing.program.name : undefined;
}

/** /accueil-acquereur: the buyer's own housings (part 1 §2 "Buyer area"). */
export function CustomerHomePage() {
  const navigate = useNavigate();
  const housings = useQuery(housingQueries.mine());

  const open = (housing: HousingSummary) => {
    writeItem(storageKeys.currentHousingId, housing._id);
    writeItem(storageKeys.currentHousing, JSON.stringify(housing));
    navigate(`/logement/${housing._id}/actualite`);
  };

  if (housings.isError) {
    return (
      <Alert type="error" header="Mes logements" action={<Button onClick={() => void housings.refetch()}>Réessayer</Button>}>
        {errorMessage(housings.error)}
      </Alert>
    );
  }

  return (
    <Cards
      variant="full-page"
      loading={housings.isPending}
      loadingText="Chargement de vos logements"
      items={housings.data ?? []}
      trackBy="_id"
      header={
        <Header variant="awsui-h1-sticky" counter={housings.data ? `(${housings.data.length})` : undefined} description="Les logements que vous avez achetés.">
          Mes logements
        </Header>
      }
      cardDefinition={{
        header: (housing) => `Lot ${housing.lotcomm}`,
        sections: [
          { id: 'program', header: 'Programme', content: (housing) => programName(housing) ?? '—' },
          { id: 'typologie', header: 'Typologie', content: (housing) => housing.typologie ?? '—' },
          {
            id: 'place',
            header: 'Bâtiment / étage',
            content: (housing) => [housing.batiment, housing.etage].filter((part) => part !== undefined && part !== '').join(' / ') || '—',
          },
          {
            id: 'address',
            header: 'Adresse',
            content: (housing) => [housing.adresse, housing.codepostal, housing.ville].filter(Boolean).join(' ') || '—',
          },
          { id: 'open', content: (housing) => <Button onClick={() => open(housing)}>Voir mon logement</Button> },
        ],
      }}
      cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }, { minWidth: 1000, cards: 3 }]}
      empty={
        <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
          <Box variant="strong" color="inherit">
            Aucun logement
          </Box>
          <Box variant="p" color="inherit">
            Aucun logement n'est encore rattaché à votre compte.
          </Box>
        </Box>
      }
    />
  );
}
