import Badge from '@cloudscape-design/components/badge';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { type BadgeName, type Housing } from '../../../../shared/domain/buyer-area';
import { buyerAreaMessages, buyerAreaScreenMessages } from '../../../../shared/messages/buyer-area';
import { screenNames } from '../../../../shared/messages/navigation';
import { errorMessage, isApiError } from '../../api/api-error';
import { badgeCounts, buyerAreaQueries } from '../../api/buyer-area-queries';
import { notify } from '../../app/notifications-store';
import { writeItem } from '../../app/session-store';
import { useCrumbName } from '../../app/crumb-names';
import { storageKeys } from '../../app/storage-keys';
import { PageLoading } from '../../components/page-loading';
import { RouterLink } from '../../components/router-link';

/** The sub-pages of /logement/{id} (part 1 §2 « Buyer area »), in the order the buyer reads them. */
// Their ids are values, not messages: each is a segment of the section's address.
export const housingSections = [
  { id: 'actualite', label: screenNames.news },
  { id: 'messages', label: screenNames.messages },
  { id: 'documents', label: screenNames.documents },
  { id: 'chantier', label: screenNames.site },
  { id: 'foire-aux-questions', label: buyerAreaScreenMessages.faqTab },
  { id: 'tmas', label: screenNames.tma },
  { id: 'choix', label: screenNames.choices },
] as const;

export interface HousingContext {
  housing: Housing;
}

export function useHousing(): Housing {
  return useOutletContext<HousingContext>().housing;
}

/**
 * /logement/{id}: the housing's header and its sub-pages as tabs (a badge per sub-page). A housing
 * that cannot be loaded (not theirs, gone, server down) sends the buyer back to /accueil-acquereur
 * with the reason (part 1 §8 « Housing detail failure redirects to /accueil-acquereur »).
 */
export function HousingLayout() {
  const { housingId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useQuery(buyerAreaQueries.housing(housingId));
  useCrumbName(housingId, query.data ? `Lot ${query.data.lotcomm}` : undefined);

  useEffect(() => {
    if (!query.isError) return;
    // Another buyer's housing is refused like a missing one (403): for the buyer both are « introuvable ».
    const gone = isApiError(query.error, 403) || isApiError(query.error, 404);
    notify({ type: 'error', content: gone ? buyerAreaMessages.housingNotFound : errorMessage(query.error) });
    void navigate('/accueil-acquereur', { replace: true });
  }, [query.isError, query.error, navigate]);

  // The badges are mirrored locally under « notifications » and the housing under « currentHousing » (part 1 §3).
  useEffect(() => {
    if (!query.data) return;
    writeItem(storageKeys.currentHousingId, query.data._id);
    writeItem(storageKeys.currentHousing, JSON.stringify(query.data));
    writeItem(storageKeys.notifications, JSON.stringify(badgeCounts(query.data.notifications)));
  }, [query.data]);

  if (query.isError) return null;
  if (query.isPending) return <PageLoading />;
  const housing = query.data;
  const active = location.pathname.split('/')[3] ?? 'actualite';
  const counts = badgeCounts(housing.notifications);
  const address = [housing.adresse, housing.codepostal, housing.ville].filter(Boolean).join(' ') || housing.program.adresse;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={[housing.program.name, housing.typologie, address].filter(Boolean).join(' · ')}>
          Lot {housing.lotcomm}
        </Header>
      }
    >
      <SpaceBetween size="m">
        <RouterLink href="/accueil-acquereur">{buyerAreaScreenMessages.backToHousings}</RouterLink>
        <Tabs
          ariaLabel="Mon logement"
          activeTabId={active}
          onChange={({ detail }) => void navigate(`/logement/${housing._id}/${detail.activeTabId}`)}
          tabs={housingSections.map((section) => {
            const count = section.id in counts ? counts[section.id as BadgeName] : 0;
            return {
              id: section.id,
              href: `/logement/${housing._id}/${section.id}`,
              label: (
                <span>
                  {section.label}
                  {count > 0 && (
                    <>
                      {' '}
                      <Badge color="red">{count}</Badge>
                    </>
                  )}
                </span>
              ),
              content: section.id === active ? <Outlet context={{ housing } satisfies HousingContext} /> : null,
            };
          })}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}

/** /logement/{id}: the news first. */
export function HousingIndexRedirect() {
  return <Navigate to="actualite" replace />;
}
