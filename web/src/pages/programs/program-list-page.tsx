import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { programQueries, type ProgramSummary } from '../../api/program-queries';
import { storeCurrentProgram, useSession } from '../../app/session-store';

const defaultFilters = { isActifSelected: true, isArchivedSelected: false };

/**
 * Program list (part 3 §2): GET /admin/programs for the administrator (/admin/programmes),
 * GET /users/me/programs for promoters and AMOs (/projets). The filters, creation and deletion
 * come with the program issue.
 */
export function ProgramListPage() {
  const { role } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isAdmin = role === 'administrator';
  const programs = useQuery({ ...programQueries.list(isAdmin ? 'admin' : 'mine', defaultFilters), enabled: !(isAdmin && pathname === '/projets') });

  // The administrator's /projets is /admin/programmes (part 3 §2).
  if (isAdmin && pathname === '/projets') return <Navigate to="/admin/programmes" replace />;

  const open = (program: ProgramSummary) => {
    storeCurrentProgram(program);
    navigate(`/projets/${program._id}/plannings`);
  };

  return (
    <Table
      variant="full-page"
      trackBy="_id"
      loading={programs.isPending}
      loadingText="Chargement des programmes"
      items={programs.data ?? []}
      header={
        <Header
          variant="awsui-h1-sticky"
          counter={programs.data ? `(${programs.data.length})` : undefined}
          actions={
            <Button iconName="refresh" ariaLabel="Actualiser" onClick={() => void programs.refetch()} loading={programs.isFetching && !programs.isPending} />
          }
        >
          Programmes
        </Header>
      }
      columnDefinitions={[
        {
          id: 'name',
          header: 'Nom',
          cell: (program) => (
            <Button variant="inline-link" onClick={() => open(program)}>
              {program.name}
            </Button>
          ),
          sortingField: 'name',
          isRowHeader: true,
        },
        { id: 'promotername', header: 'Promoteur', cell: (program) => program.promotername || '—', sortingField: 'promotername' },
      ]}
      empty={
        programs.isError ? (
          <Box padding={{ vertical: 's' }}>
            <Alert type="error" action={<Button onClick={() => void programs.refetch()}>Réessayer</Button>}>
              {errorMessage(programs.error)}
            </Alert>
          </Box>
        ) : (
          <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
            <Box variant="strong" color="inherit">
              Aucun programme
            </Box>
          </Box>
        )
      }
    />
  );
}
