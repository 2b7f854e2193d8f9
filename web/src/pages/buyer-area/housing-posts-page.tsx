import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useQuery } from '@tanstack/react-query';
import type { ProgramPost } from '../../../../shared/domain/buyer-area';
import { buyerAreaScreenMessages } from '../../../../shared/messages/buyer-area';
import { errorMessage } from '../../api/api-error';
import { buyerAreaQueries } from '../../api/buyer-area-queries';
import { PostCard } from './components/post-card';
import { useHousing } from './housing-layout';
import { useClearBadges } from './use-clear-badges';

const titles: Record<ProgramPost['kind'], { title: string; empty: string }> = {
  actualite: buyerAreaScreenMessages.news,
  chantier: buyerAreaScreenMessages.site,
};

/** /logement/{id}/actualite and /chantier: the posts staff publish, newest first, with their images. */
function HousingPostsPage({ kind }: { kind: ProgramPost['kind'] }) {
  const housing = useHousing();
  useClearBadges(housing, kind);
  const posts = useQuery(buyerAreaQueries.posts(housing._id, kind));
  return (
    <SpaceBetween size="l">
      <Header variant="h2">{titles[kind].title}</Header>
      {posts.isError && (
        <Alert type="error" action={<Button onClick={() => void posts.refetch()}>{buyerAreaScreenMessages.retry}</Button>}>
          {errorMessage(posts.error)}
        </Alert>
      )}
      {posts.isPending && <Spinner size="big" />}
      {posts.data?.length === 0 && <Box color="text-body-secondary">{titles[kind].empty}</Box>}
      {posts.data?.map((post) => (
        <PostCard key={post._id} post={post} />
      ))}
    </SpaceBetween>
  );
}

export function HousingNewsPage() {
  return <HousingPostsPage kind="actualite" />;
}

export function HousingSitePage() {
  return <HousingPostsPage kind="chantier" />;
}
