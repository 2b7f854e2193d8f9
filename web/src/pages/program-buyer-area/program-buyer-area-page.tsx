import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { useSearchParams } from 'react-router';
import { programAreaMessages } from '../../../../shared/messages/buyer-area';
import { screenNames } from '../../../../shared/messages/navigation';
import { PageLoading } from '../../components/page-loading';
import { ProgramLoadError } from '../programs/program-load-error';
import { useProgram } from '../programs/use-program';
import { ProgramDocumentsTab } from './program-documents-tab';
import { ProgramFaqTab } from './program-faq-tab';
import { ProgramPostsTab } from './program-posts-tab';

const tabIds = ['actualites', 'chantier', 'documents', 'faq'] as const;

/**
 * /projets/{id}/espace-acquereur (part 1 §2 buyer area): what the program's staff publish in their
 * buyers' area: news, site progress, documents and the FAQ. The tab is in the address (?onglet=) so
 * a reload or a shared link opens the same one.
 */
export function ProgramBuyerAreaPage() {
  const { programId, program } = useProgram();
  const [params, setParams] = useSearchParams();
  const requested = params.get('onglet');
  const active = tabIds.find((tab) => tab === requested) ?? 'actualites';
  // A program the caller may not reach (403) or that does not exist: only the message, no forms.
  if (program.isError) return <ProgramLoadError error={program.error} onRetry={() => void program.refetch()} />;
  // Nothing of the page before the program is known to be reachable.
  if (program.isPending) return <PageLoading />;
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={program.data ? programAreaMessages.description(program.data.name) : undefined}>
          {screenNames.buyerArea}
        </Header>
      }
    >
      <Tabs
        ariaLabel={programAreaMessages.tabsLabel}
        activeTabId={active}
        onChange={({ detail }) => setParams({ onglet: detail.activeTabId }, { replace: true })}
        tabs={[
          { id: 'actualites', label: programAreaMessages.newsTab, content: <ProgramPostsTab programId={programId} kind="actualite" /> },
          { id: 'chantier', label: 'Chantier', content: <ProgramPostsTab programId={programId} kind="chantier" /> },
          { id: 'documents', label: 'Documents', content: <ProgramDocumentsTab programId={programId} /> },
          { id: 'faq', label: 'FAQ', content: <ProgramFaqTab programId={programId} /> },
        ]}
      />
    </ContentLayout>
  );
}
