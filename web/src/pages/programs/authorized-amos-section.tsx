import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { AmoSummary } from '../../../../shared/domain/account';
import { errorMessage, isApiError } from '../../api/api-error';
import { programQueries, useUpdateProgramMutation, type Program } from '../../api/program-queries';
import { notify } from '../../app/notifications-store';
import { useSession } from '../../app/session-store';
import { initialsOf, UserAvatar } from '../../components/user-avatar';
import { authorizedAmoMessages, programListMessages } from '../../../../shared/messages/program-pages';

export interface AuthorizedAmosSectionProps {
  program: Program;
}

function fullName(amo: AmoSummary): string {
  return `${amo.firstname} ${amo.lastname}`.trim();
}

function byName(a: AmoSummary, b: AmoSummary): number {
  return fullName(a).localeCompare(fullName(b), 'fr');
}

function AmoLabel({ amo }: { amo: AmoSummary }) {
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      {amo.hasAvatar ? (
        <UserAvatar userId={amo._id} hasAvatar firstname={amo.firstname} lastname={amo.lastname} size={24} />
      ) : (
        <span
          aria-hidden
          style={{
            display: 'inline-flex',
            width: 24,
            height: 24,
            borderRadius: '50%',
            background: 'rgb(67, 99, 134)',
            color: '#fff',
            fontSize: 10,
            fontWeight: 700,
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {initialsOf(amo.firstname, amo.lastname)}
        </span>
      )}
      <span>{fullName(amo)}</span>
    </SpaceBetween>
  );
}

interface AmoListProps {
  title: string;
  items: AmoSummary[];
  selected: AmoSummary[];
  onSelect: (items: AmoSummary[]) => void;
  empty: string;
}

function AmoList({ title, items, selected, onSelect, empty }: AmoListProps) {
  return (
    <Table<AmoSummary>
      variant="embedded"
      header={
        <Header variant="h3" counter={`(${items.length})`}>
          {title}
        </Header>
      }
      items={items}
      trackBy="_id"
      selectionType="multi"
      selectedItems={selected}
      onSelectionChange={({ detail }) => onSelect(detail.selectedItems)}
      ariaLabels={{
        selectionGroupLabel: title,
        allItemsSelectionLabel: () => authorizedAmoMessages.selectAll(title),
        itemSelectionLabel: (_, amo) => fullName(amo),
        tableLabel: title,
      }}
      columnDefinitions={[{ id: 'name', header: 'AMO', cell: (amo) => <AmoLabel amo={amo} />, isRowHeader: true }]}
      empty={
        <Box textAlign="center" color="inherit">
          {empty}
        </Box>
      }
    />
  );
}

/**
 * The AMOs authorized on the program (part 3 §2, §4): read-only until 'Modifier', then a transfer
 * between the available AMOs and the authorized ones; 'Enregistrer' sends {authorized}.
 */
export function AuthorizedAmosSection({ program }: AuthorizedAmosSectionProps) {
  const session = useSession();
  // Only the owner and administrators change the list; an authorized AMO reads it.
  const mayEdit = session.role === 'administrator' || session.user?._id === program.owner;
  const amos = useQuery(programQueries.amos());
  const update = useUpdateProgramMutation(program._id);
  const [editing, setEditing] = useState(false);
  const [authorized, setAuthorized] = useState<string[]>(program.authorized);
  const [leftSelection, setLeftSelection] = useState<AmoSummary[]>([]);
  const [rightSelection, setRightSelection] = useState<AmoSummary[]>([]);

  const all = useMemo(() => [...(amos.data ?? [])].sort(byName), [amos.data]);
  const shownIds = editing ? authorized : program.authorized;
  const authorizedAmos = all.filter((amo) => shownIds.includes(amo._id));
  const availableAmos = all.filter((amo) => !shownIds.includes(amo._id) && amo._id !== program.owner);

  const startEditing = () => {
    setAuthorized(program.authorized);
    setLeftSelection([]);
    setRightSelection([]);
    setEditing(true);
  };
  const move = (direction: 'add' | 'remove') => {
    if (direction === 'add') {
      setAuthorized((current) => [...current, ...leftSelection.map((amo) => amo._id)]);
      setLeftSelection([]);
    } else {
      const removed = new Set(rightSelection.map((amo) => amo._id));
      setAuthorized((current) => current.filter((id) => !removed.has(id)));
      setRightSelection([]);
    }
  };
  const save = () =>
    update.mutate(
      { authorized },
      {
        onSuccess: ({ message }) => {
          setEditing(false);
          notify({ id: 'program-amos', type: 'success', content: message });
        },
        onError: (error) => {
          if (isApiError(error, 498)) return;
          notify({ id: 'program-amos', type: 'error', content: errorMessage(error) });
        },
      },
    );

  return (
    <Container
      header={
        <Header
          variant="h2"
          description={authorizedAmoMessages.description}
          actions={
            editing ? (
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => setEditing(false)} disabled={update.isPending}>
                  Annuler
                </Button>
                <Button variant="primary" onClick={save} loading={update.isPending}>
                  {authorizedAmoMessages.save}
                </Button>
              </SpaceBetween>
            ) : mayEdit ? (
              <Button iconName="edit" onClick={startEditing} disabled={!amos.data}>
                Modifier
              </Button>
            ) : undefined
          }
        >
          {authorizedAmoMessages.title}
        </Header>
      }
    >
      {amos.isError ? (
        <Alert type="error" action={<Button onClick={() => void amos.refetch()}>{programListMessages.retry}</Button>}>
          {errorMessage(amos.error)}
        </Alert>
      ) : amos.isPending ? (
        <Box color="text-status-inactive">{authorizedAmoMessages.loading}</Box>
      ) : editing ? (
        <Grid gridDefinition={[{ colspan: { default: 12, xs: 5 } }, { colspan: { default: 12, xs: 2 } }, { colspan: { default: 12, xs: 5 } }]}>
          <AmoList title="AMO disponibles" items={availableAmos} selected={leftSelection} onSelect={setLeftSelection} empty={authorizedAmoMessages.noOther} />
          <Box padding={{ top: 'xxxl' }} textAlign="center">
            <SpaceBetween size="s" alignItems="center">
              <Button iconName="angle-right" iconAlign="right" onClick={() => move('add')} disabled={leftSelection.length === 0}>
                Autoriser
              </Button>
              <Button iconName="angle-left" onClick={() => move('remove')} disabled={rightSelection.length === 0}>
                Retirer
              </Button>
            </SpaceBetween>
          </Box>
          <AmoList
            title={authorizedAmoMessages.title}
            items={authorizedAmos}
            selected={rightSelection}
            onSelect={setRightSelection}
            empty={authorizedAmoMessages.noneAuthorized}
          />
        </Grid>
      ) : authorizedAmos.length === 0 ? (
        <Box color="text-body-secondary">{authorizedAmoMessages.noneOnProgram}</Box>
      ) : (
        <SpaceBetween direction="horizontal" size="l">
          {authorizedAmos.map((amo) => (
            <AmoLabel key={amo._id} amo={amo} />
          ))}
        </SpaceBetween>
      )}
    </Container>
  );
}
