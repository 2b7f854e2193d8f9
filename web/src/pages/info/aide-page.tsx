import '../../app/cloudscape-global-styles';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextContent from '@cloudscape-design/components/text-content';

/** Aide: what each role can do, how buyers book, how to reach support (part 1 §2). */
export function AidePage() {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Réponses aux questions les plus fréquentes">
          Aide
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Acquéreurs : prendre rendez-vous</Header>}>
          <TextContent>
            <ol>
              <li>Ouvrez le lien reçu par e-mail ou SMS : il vous est personnel, aucun mot de passe n'est demandé.</li>
              <li>
                Pour une visite à choisir, parcourez les créneaux proposés (5 jours par page), sélectionnez celui qui vous convient, répondez aux éventuelles
                questions (accompagnants, pointure…) puis cliquez sur <strong>Valider</strong>.
              </li>
              <li>
                Pour une visite imposée, cliquez sur <strong>CONFIRMER MA PRESENCE</strong>, ou indiquez que vous ne pouvez pas être présent(e) en précisant la
                raison.
              </li>
              <li>Vous recevez une confirmation, puis des rappels avant la visite. Vous pouvez ajouter le rendez-vous à votre agenda.</li>
              <li>Tant que la prise de rendez-vous est ouverte, le même lien permet d'annuler et de choisir un autre créneau.</li>
            </ol>
            <p>
              Si vous avez un compte acquéreur, votre espace regroupe vos logements, les actualités du chantier, vos documents et vos échanges avec le
              promoteur.
            </p>
          </TextContent>
        </Container>
        <Container header={<Header variant="h2">Ce que chaque profil peut faire</Header>}>
          <ColumnLayout columns={2} variant="text-grid">
            <TextContent>
              <h3>Promoteur</h3>
              <p>
                Crée ses programmes, importe les lots et les acquéreurs, construit les plannings de visites libres ou imposées, envoie invitations et relances,
                suit les réponses et exporte les plannings (PDF, Excel, agenda).
              </p>
            </TextContent>
            <TextContent>
              <h3>AMO</h3>
              <p>
                Accède aux programmes pour lesquels il est autorisé, consulte et organise les plannings, gère ses modèles de messages et peut les partager avec
                d'autres AMO.
              </p>
            </TextContent>
            <TextContent>
              <h3>Acquéreur</h3>
              <p>Réserve ou confirme ses visites depuis son lien personnel et, s'il a un compte, suit son logement dans son espace.</p>
            </TextContent>
            <TextContent>
              <h3>Administrateur</h3>
              <p>Gère les comptes, les permissions, la facturation, les visites virtuelles et consulte les journaux d'activité.</p>
            </TextContent>
            <TextContent>
              <h3>Modérateur</h3>
              <p>Consulte les visites et gère son compte.</p>
            </TextContent>
          </ColumnLayout>
        </Container>
        <Container header={<Header variant="h2">Mot de passe oublié</Header>}>
          <TextContent>
            <p>
              Sur la page de connexion, cliquez sur <strong>Mot de passe oublié ?</strong> et saisissez votre adresse e-mail. Vous recevrez un lien valable 20
              minutes pour choisir un nouveau mot de passe.
            </p>
          </TextContent>
        </Container>
        <Container header={<Header variant="h2">Nous contacter</Header>}>
          <TextContent>
            <p>
              Une question sur un rendez-vous ? Contactez d'abord la personne indiquée dans votre invitation. Pour un problème avec la plateforme, écrivez à
              notre support : <Link href="mailto:support@livrea.fr">support@livrea.fr</Link>. Nous répondons les jours ouvrés.
            </p>
          </TextContent>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
