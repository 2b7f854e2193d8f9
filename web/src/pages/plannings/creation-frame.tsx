import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error';
import { planningQueries, type PlanningDraft } from '../../api/planning-queries';
import type { ProgramDetail } from '../../api/program-queries';
import { PageLoading } from '../../components/page-loading';
import { RouterLink } from '../../components/router-link';
import { ProgramLoadError } from '../programs/program-load-error';
import { useProgram } from '../programs/use-program';
import { creationMessages } from '../../../../shared/messages/plannings';
import { creationPageMessages } from '../../../../shared/messages/planning-creation';
import { planningListScreenMessages } from '../../../../shared/messages/planning-list';

interface CreationDraftGateProps {
  /** The editor, once the program (and, with ?id=, the saved draft's data) is loaded. */
  children: (program: ProgramDetail, draftData: PlanningDraft['data'] | undefined, draftId: string | undefined) => ReactNode;
}

/**
 * The creation pages' loading (part 2 §2.4, §2.5): the program, then with ?id= the saved draft
 * ('Impossible de charger le brouillon.', with a retry and the way back to the list).
 */
export function CreationDraftGate({ children }: CreationDraftGateProps) {
  const { programId, program } = useProgram();
  const [params] = useSearchParams();
  const draftId = params.get('id') ?? undefined;
  const draft = useQuery({ ...planningQueries.draft(draftId ?? ''), enabled: !!draftId });

  if (program.isError) return <ProgramLoadError error={program.error} onRetry={() => void program.refetch()} />;
  if (program.isPending || (draftId && draft.isPending && !draft.isError)) return <PageLoading />;
  if (draftId && draft.isError) {
    return (
      <Alert
        type="error"
        header={creationMessages.draftLoadFailed}
        action={<Button onClick={() => void draft.refetch()}>{planningListScreenMessages.retry}</Button>}
      >
        <SpaceBetween size="xs">
          <span>{isApiError(draft.error, 404) ? '' : errorMessage(draft.error)}</span>
          <RouterLink href={`/projets/${programId}/plannings`}>{creationPageMessages.backToList}</RouterLink>
        </SpaceBetween>
      </Alert>
    );
  }
  return children(program.data, draft.data?.data, draftId);
}

/** The creation page's title, with the program, its promoter and whether a draft is edited. */
export function CreationHeader({ program, draftId, title }: { program: ProgramDetail; draftId?: string; title: string }) {
  return (
    <Header variant="h1" description={`${program.name} · ${program.promotername}${draftId ? ' · brouillon' : ''}`}>
      {title}
    </Header>
  );
}

interface CreationSectionProps {
  number: number;
  title: string;
  open: boolean;
  hasError: boolean;
  onToggle: (number: number, expanded: boolean) => void;
  children: ReactNode;
}

/** One numbered section of a creation form, marked '⚠ à compléter' while one of its fields is refused. */
export function CreationSection({ number, title, open, hasError, onToggle, children }: CreationSectionProps) {
  return (
    <ExpandableSection
      variant="container"
      expanded={open}
      onChange={({ detail }) => onToggle(number, detail.expanded)}
      headerText={title}
      headerInfo={hasError ? <span style={{ color: '#d91515' }}>{creationPageMessages.toComplete}</span> : undefined}
    >
      {children}
    </ExpandableSection>
  );
}
