import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { ProgramCreate } from '../../../../shared/domain/program';
import { messages } from '../../../../shared/messages/common';
import { errorMessage } from '../../api/api-error';
import {
  ProgramLogoError,
  programQueries,
  useCreateProgramMutation,
  useDeleteProgramMutation,
  type Program,
  type ProgramListFilters,
} from '../../api/program-queries';
import { notify } from '../../app/notifications-store';
import { readCurrentProgram, storeCurrentProgram, useSession, writeItem } from '../../app/session-store';
import { storageKeys } from '../../app/storage-keys';
import { formatDateTime } from '../../components/format-date';
import { CreateProgramModal } from './create-program-modal';
import { DeleteProgramModal } from './delete-program-modal';
import { programListMessages } from '../../../../shared/messages/program-pages';

/** Part 3 §4: Actifs on and Archivés off by default. */
export const defaultProgramFilters: ProgramListFilters = { isActifSelected: true, isArchivedSelected: false };

/**
 * Program list (part 3 §2, §4): GET /admin/programs for the administrator (/admin/programmes, with
 * deletion), GET /users/me/programs for promoters and AMOs (/projets). Every staff member may create
 * a program; a row opens the program's lots.
 */
export function ProgramListPage() {
  const { role } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isAdmin = role === 'administrator';
  const [filters, setFilters] = useState(defaultProgramFilters);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Program | null>(null);
  const redirect = isAdmin && pathname === '/projets';
  const programs = useQuery({ ...programQueries.list(isAdmin ? 'admin' : 'mine', filters), enabled: !redirect });
  const create = useCreateProgramMutation();
  const remove = useDeleteProgramMutation();

  // The administrator's /projets is /admin/programmes (part 3 §2).
  if (redirect) return <Navigate to="/admin/programmes" replace />;

  const open = (program: Program) => {
    storeCurrentProgram({ _id: program._id, name: program.name });
    void navigate(`/projets/${program._id}/clients`);
  };

  const submitCreation = (program: ProgramCreate, logo: File | null) =>
    create.mutate(
      { program, logo },
      {
        onSuccess: (created) => {
          setCreating(false);
          notify({ type: 'success', content: programListMessages.created(created.name) });
        },
        onError: (error) => {
          // Part 3 §8: the modal closes, the list reloads and the server's text is shown.
          setCreating(false);
          if (error instanceof ProgramLogoError) {
            notify({ type: 'warning', content: `${programListMessages.created(error.program.name)} ${messages.imageFailed} (${errorMessage(error.cause)})` });
          } else {
            notify({ type: 'error', content: errorMessage(error) });
          }
        },
      },
    );

  const confirmDeletion = () => {
    if (!deleting) return;
    const deletedId = deleting._id;
    remove.mutate(deletedId, {
      onSuccess: ({ message }) => {
        setDeleting(null);
        // The menu no longer offers a deleted program as the current one.
        if (readCurrentProgram()?.id === deletedId) {
          writeItem(storageKeys.currentProgramId, null);
          writeItem(storageKeys.currentProgram, null);
        }
        notify({ type: 'success', content: message });
      },
      onError: (error) => {
        setDeleting(null);
        notify({ type: 'error', content: errorMessage(error) });
      },
    });
  };

  const items = programs.data ?? [];

  return (
    <>
      <Table<Program>
        variant="full-page"
        trackBy="_id"
        loading={programs.isPending && !programs.isError}
        loadingText={programListMessages.loading}
        items={items}
        onRowClick={({ detail }) => open(detail.item)}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={programs.data ? `(${items.length})` : undefined}
            description={programListMessages.description}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  iconName="refresh"
                  ariaLabel="Actualiser"
                  onClick={() => void programs.refetch()}
                  loading={programs.isFetching && !programs.isPending}
                />
                <Button variant="primary" iconName="add-plus" onClick={() => setCreating(true)}>
                  Nouveau programme
                </Button>
              </SpaceBetween>
            }
          >
            Programmes
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="l">
            <Toggle checked={filters.isActifSelected} onChange={({ detail }) => setFilters((current) => ({ ...current, isActifSelected: detail.checked }))}>
              Actifs
            </Toggle>
            <Toggle
              checked={filters.isArchivedSelected}
              onChange={({ detail }) => setFilters((current) => ({ ...current, isArchivedSelected: detail.checked }))}
            >
              {programListMessages.archivedFilter}
            </Toggle>
          </SpaceBetween>
        }
        columnDefinitions={[
          {
            id: 'name',
            header: 'Nom',
            cell: (program) => (
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                <span aria-hidden style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 3, background: program.colors[0] ?? '#ccc' }} />
                <Button variant="inline-link" onClick={() => open(program)}>
                  {program.name}
                </Button>
              </SpaceBetween>
            ),
            isRowHeader: true,
          },
          { id: 'promotername', header: 'Promoteur', cell: (program) => program.promotername || '—' },
          { id: 'city', header: 'Ville', cell: (program) => program.adresseville || '—' },
          {
            id: 'status',
            header: 'Lots / statut',
            cell: (program) => (
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                {program.lotCount !== undefined && <span>{program.lotCount} lots</span>}
                {program.isArchived ? <Badge color="grey">{programListMessages.archived}</Badge> : <Badge color="green">Actif</Badge>}
              </SpaceBetween>
            ),
          },
          { id: 'createdAt', header: programListMessages.createdOn, cell: (program) => formatDateTime(program.createdAt, 'dd/MM/yyyy') },
          ...(isAdmin
            ? [
                {
                  id: 'actions',
                  header: 'Actions',
                  cell: (program: Program) => (
                    // The row opens the program: the button's click stays its own.
                    <span onClick={(event) => event.stopPropagation()}>
                      <Button variant="inline-icon" iconName="remove" ariaLabel={`Supprimer ${program.name}`} onClick={() => setDeleting(program)} />
                    </span>
                  ),
                },
              ]
            : []),
        ]}
        empty={
          programs.isError ? (
            <Box padding={{ vertical: 's' }}>
              <Alert
                type="error"
                header={programListMessages.loadFailed}
                action={<Button onClick={() => void programs.refetch()}>{programListMessages.retry}</Button>}
              >
                {errorMessage(programs.error)}
              </Alert>
            </Box>
          ) : (
            <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
              <SpaceBetween size="s">
                <Box variant="strong" color="inherit">
                  {programListMessages.empty}
                </Box>
                <Button onClick={() => setCreating(true)}>Nouveau programme</Button>
              </SpaceBetween>
            </Box>
          )
        }
      />
      {creating && <CreateProgramModal pending={create.isPending} onSubmit={submitCreation} onDismiss={() => setCreating(false)} />}
      {deleting && <DeleteProgramModal program={deleting} pending={remove.isPending} onConfirm={confirmDeletion} onDismiss={() => setDeleting(null)} />}
    </>
  );
}
