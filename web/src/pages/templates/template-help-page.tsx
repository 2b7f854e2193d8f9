import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { templateStepTitles, templateTextFields } from '../../../../shared/domain/message-template';
import { useSession } from '../../app/session-store';
import { sampleTagValues, templatesBase, wizardTags } from './template-config';

/** /promoter/templates/help and /amo/templates/help: how a template is built and used (part 1 §2). */
export function TemplateHelpPage() {
  const { role } = useSession();
  const base = templatesBase(role);
  return (
    <SpaceBetween size="m">
      <Header variant="h1">Mode d'emploi des modèles</Header>
      <Container header={<Header variant="h2">Créer un modèle</Header>}>
        <Box variant="p">
          Un modèle réunit les sept messages envoyés aux acquéreurs, dans cet ordre : {templateTextFields.map((field) => templateStepTitles[field]).join(', ')}.
          L'assistant (<Link href={`${base}/nouveau`}>nouveau modèle</Link>) les présente un par un ; chaque message doit être rempli et n'utiliser que les
          balises disponibles avant de passer au suivant.
        </Box>
        <Box variant="p">
          Pour un SMS, l'aperçu compte les caractères et le nombre de SMS : 160 caractères par SMS (153 par partie au-delà), ou 70 (67) si le texte contient un
          caractère hors de l'alphabet GSM-7, un emoji par exemple.
        </Box>
      </Container>
      <Container header={<Header variant="h2">Balises</Header>}>
        <Box variant="p">
          Écrivez une balise entre chevrons ; elle est remplacée pour chaque acquéreur. Les balises de contact (CONTACT_…, SIGNATURE) demandent que le planning
          ait la personne à contacter correspondante.
        </Box>
        <ul>
          {wizardTags.map((tag) => (
            <li key={tag}>
              <code>{`<${tag}>`}</code> — par exemple « {sampleTagValues[tag]} »
            </li>
          ))}
        </ul>
      </Container>
      <Container header={<Header variant="h2">Partager et appliquer</Header>}>
        <Box variant="p">
          Depuis la liste des modèles, le propriétaire autorise des AMO, qui peuvent alors voir, modifier et supprimer le modèle. Dans la création d'un planning
          et dans « Personnaliser » d'un planning, choisissez un modèle puis « Appliquer le modèle » : ses messages remplacent ceux du planning.
        </Box>
      </Container>
    </SpaceBetween>
  );
}
