import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { hasProgramAddress } from '../../../../shared/domain/program';
import { PageLoading } from '../../components/page-loading';
import { AuthorizedAmosSection } from './authorized-amos-section';
import { ProgramLoadError } from './program-load-error';
import { ProgramLogoSection } from './program-logo-section';
import { settingsWarnings } from './program-settings-config';
import { ProgramSettingsForm } from './program-settings-form';
import { ShortNoticeSection } from './short-notice-section';
import { useProgram } from './use-program';
import { programSettingsMessages } from '../../../../shared/messages/program-pages';

/**
 * /projets/{programId}/parametres (part 3 §2, §4, §5): logo, settings fields, colours, archive
 * flag and authorized AMOs; warnings while the address or the client manager's e-mail is missing.
 */
export function ProgramSettingsPage() {
  const { program } = useProgram();

  if (program.isError) return <ProgramLoadError error={program.error} onRetry={() => void program.refetch()} />;
  if (program.isPending) return <PageLoading />;
  const data = program.data;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={`${data.name} · ${data.promotername}`}>
          {programSettingsMessages.title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {!hasProgramAddress(data) && (
          <Alert type="warning" header="Adresse manquante">
            {settingsWarnings.address}
          </Alert>
        )}
        {!data.mailrespclient && (
          <Alert type="warning" header={programSettingsMessages.mailMissingHeader}>
            {settingsWarnings.mailrespclient}
          </Alert>
        )}
        <ProgramLogoSection program={data} />
        <ProgramSettingsForm key={data._id} program={data} />
        {/* The convocation notice rule (docs/user-guide.md « Délai de convocation »). */}
        <ShortNoticeSection key={`notice-${data._id}`} program={data} />
        <AuthorizedAmosSection key={`amos-${data._id}`} program={data} />
      </SpaceBetween>
    </ContentLayout>
  );
}
