import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { useDownloadModelMutation } from '../../api/client-queries';
import { programKeys } from '../../api/program-queries';
import { notify } from '../../app/notifications-store';
import { useSession } from '../../app/session-store';
import { PageLoading } from '../../components/page-loading';
import { ProgramLoadError } from '../programs/program-load-error';
import { useProgram } from '../programs/use-program';
import { lotListTitle } from './client-file-config';
import { ClientFileImport } from './client-file-import';
import { ClientFileSend } from './client-file-send';
import { LotTable } from './lot-table';
import { ReceivedClientFiles } from './received-client-files';
import { lotListMessages } from '../../../../shared/messages/lot-pages';

/**
 * /projets/{programId}/clients (part 2 §2.1): 'Liste des Lots (count)'. Administrators import a
 * client file directly and integrate the files others sent; promoters and AMOs send theirs to the
 * provider. Everyone may download the model.
 */
export function LotListPage() {
  const { role } = useSession();
  const navigate = useNavigate();
  const { programId, program } = useProgram();
  const model = useDownloadModelMutation();
  const queryClient = useQueryClient();
  const isAdmin = role === 'administrator';

  if (program.isError) return <ProgramLoadError error={program.error} onRetry={() => void program.refetch()} />;
  if (program.isPending) return <PageLoading />;
  const lotCount = program.data.lotCount ?? 0;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`${program.data.name} · ${program.data.promotername}`}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                iconName="refresh"
                ariaLabel="Actualiser"
                // The program and the pages of its lots (their keys are under the program's).
                onClick={() => void queryClient.invalidateQueries({ queryKey: programKeys.detail(programId) })}
                loading={program.isFetching}
              />
              <Button
                iconName="download"
                loading={model.isPending}
                onClick={() => model.mutate(undefined, { onError: (error) => notify({ type: 'error', content: errorMessage(error) }) })}
              >
                {lotListMessages.downloadModel}
              </Button>
            </SpaceBetween>
          }
        >
          {lotListTitle(lotCount)}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <LotTable programId={programId} onOpen={(lot) => void navigate(`/projets/${programId}/clients/${lot._id}`)} />
        {isAdmin ? (
          <SpaceBetween size="l">
            <ClientFileImport programId={programId} />
            <ReceivedClientFiles programId={programId} />
          </SpaceBetween>
        ) : (
          <ClientFileSend programId={programId} isClientFileSent={program.data.isClientFileSent} />
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}
