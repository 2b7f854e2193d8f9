import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { templateStepTitles, templateTextFields, type TemplateTextField } from '../../../../shared/domain/message-template';
import { pageTitles } from '../../../../shared/messages/navigation';
import { templateMessages, templateScreenMessages } from '../../../../shared/messages/templates';
import { templateQueries, type TemplateView } from '../../api/template-queries';
import { useSession } from '../../app/session-store';
import { PageLoading } from '../../components/page-loading';
import { pageState } from '../../components/page-state';
import { DeleteTemplateModal } from '../../components/templates/delete-template-modal';
import { EditTemplateTextModal } from '../../components/templates/edit-template-text-modal';
import { ShareTemplateModal } from '../../components/templates/share-template-modal';
import { templatesBase } from './template-config';

type Dialog = { kind: 'edit'; template: TemplateView; field: TemplateTextField } | { kind: 'delete' | 'share'; template: TemplateView };

/**
 * /promoter/templates and /amo/templates (part 3 §2 'Message-template list'): the user's templates
 * and those shared with them, with their seven texts; the owner and the authorized AMOs edit a text
 * or delete; the owner chooses the authorized AMOs (part 3 §6).
 */
export function TemplateListPage() {
  const { role } = useSession();
  const navigate = useNavigate();
  const base = templatesBase(role);
  const templates = useQuery(templateQueries.mine());
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const header = (
    <Header
      variant="h1"
      description={templateScreenMessages.listDescription}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={() => void navigate(`${base}/help`)}>Mode d'emploi</Button>
          <Button variant="primary" onClick={() => void navigate(`${base}/nouveau`)}>
            {pageTitles.newTemplate}
          </Button>
        </SpaceBetween>
      }
    >
      {templateScreenMessages.listTitle}
    </Header>
  );

  const state = pageState(templates, templates.data?.length ?? 0, { loadFailed: templateMessages.loadFailed, empty: templateScreenMessages.empty });
  if (state.kind === 'loading')
    return (
      <SpaceBetween size="m">
        {header}
        <PageLoading />
      </SpaceBetween>
    );
  if (state.kind === 'error' || !templates.data)
    return (
      <SpaceBetween size="m">
        {header}
        <Alert type="error" action={<Button onClick={() => void templates.refetch()}>{templateScreenMessages.retry}</Button>}>
          {state.kind === 'error' ? state.message : templateMessages.loadFailed}
        </Alert>
      </SpaceBetween>
    );

  return (
    <SpaceBetween size="m">
      {header}
      {state.kind === 'empty' && (
        <Container>
          <Box textAlign="center" color="inherit" padding="l">
            <b>{state.message}</b>
            <Box variant="p" color="inherit">
              {templateScreenMessages.emptyHint}
            </Box>
          </Box>
        </Container>
      )}
      {templates.data.map((template) => (
        <Container
          key={template._id}
          header={
            <Header
              variant="h2"
              description={
                template.isOwner
                  ? template.authorized.length > 0
                    ? templateScreenMessages.sharedWithCount(template.authorized.length)
                    : templateScreenMessages.notShared
                  : undefined
              }
              info={template.isOwner ? undefined : <StatusIndicator type="info">{templateScreenMessages.sharedWithYou}</StatusIndicator>}
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  {template.isOwner && <Button onClick={() => setDialog({ kind: 'share', template })}>{templateScreenMessages.share}</Button>}
                  <Button onClick={() => setDialog({ kind: 'delete', template })}>Supprimer</Button>
                </SpaceBetween>
              }
            >
              {template.name}
            </Header>
          }
        >
          <ColumnLayout columns={2} variant="text-grid">
            {templateTextFields.map((field) => (
              <ExpandableSection
                key={field}
                headerText={templateStepTitles[field]}
                headerActions={
                  <Button
                    variant="inline-link"
                    ariaLabel={`Modifier ${templateStepTitles[field]} de ${template.name}`}
                    onClick={() => setDialog({ kind: 'edit', template, field })}
                  >
                    Modifier
                  </Button>
                }
              >
                <Box variant="p">
                  <span style={{ whiteSpace: 'pre-wrap' }}>{template[field]}</span>
                </Box>
              </ExpandableSection>
            ))}
          </ColumnLayout>
        </Container>
      ))}
      {dialog?.kind === 'edit' && <EditTemplateTextModal template={dialog.template} field={dialog.field} onDismiss={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && <DeleteTemplateModal template={dialog.template} onDismiss={() => setDialog(null)} />}
      {dialog?.kind === 'share' && <ShareTemplateModal template={dialog.template} onDismiss={() => setDialog(null)} />}
    </SpaceBetween>
  );
}
