import '../../app/cloudscape-global-styles';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextContent from '@cloudscape-design/components/text-content';

/** RGPD: how Livrea protects personal data (part 1 §2), with the provider's contact details. */
export function RgpdPage() {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Règlement général sur la protection des données (RGPD)">
          Protection de vos données personnelles
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Qui traite vos données ?</Header>}>
          <TextContent>
            <p>
              Livrea est une plateforme qui organise les visites de logements neufs (choix, cloisons, pré-livraison et livraison) entre les acquéreurs, les
              promoteurs et les assistants à maîtrise d'ouvrage (AMO).
            </p>
            <p>
              Le promoteur de votre programme immobilier est responsable du traitement des données de ses acquéreurs. Livrea agit pour son compte en qualité de
              sous-traitant : nous hébergeons la plateforme et envoyons, à sa demande, les invitations, confirmations et rappels de rendez-vous.
            </p>
          </TextContent>
        </Container>
        <Container header={<Header variant="h2">Quelles données et pourquoi ?</Header>}>
          <TextContent>
            <ul>
              <li>
                <strong>Identité et coordonnées</strong> (civilité, nom, prénom, e-mails, téléphones) : pour vous inviter à vos rendez-vous et vous les rappeler
                par e-mail ou SMS.
              </li>
              <li>
                <strong>Informations sur votre logement</strong> (lot, typologie, bâtiment, étage) : pour préparer la visite et en prévoir la durée.
              </li>
              <li>
                <strong>Vos rendez-vous</strong> (créneau choisi, présence, indisponibilité, accompagnants, pointure pour les visites de chantier) : pour
                organiser la visite sur place.
              </li>
              <li>
                <strong>Données techniques</strong> (journaux de connexion, consultation des visites virtuelles) : pour la sécurité du service et des
                statistiques de consultation.
              </li>
            </ul>
            <p>
              Ces traitements reposent sur l'exécution de votre contrat de vente et l'intérêt légitime du promoteur à organiser la livraison de votre logement.
              Vos données ne sont jamais vendues ni utilisées à des fins publicitaires.
            </p>
          </TextContent>
        </Container>
        <Container header={<Header variant="h2">Combien de temps ?</Header>}>
          <TextContent>
            <p>
              Les données d'un programme sont conservées pendant la durée de la livraison puis pendant la période des garanties légales (parfait achèvement,
              biennale), avant d'être supprimées ou anonymisées. Les journaux techniques sont conservés un an au plus.
            </p>
            <p>Les données sont hébergées dans l'Union européenne.</p>
          </TextContent>
        </Container>
        <Container header={<Header variant="h2">Protection des mineurs</Header>}>
          <TextContent>
            <p>
              Livrea ne s'adresse pas aux enfants. Nous ne collectons pas sciemment de données concernant des personnes de moins de 16 ans. Si vous indiquez un
              accompagnant mineur lors d'une visite, limitez-vous à son nom et à son prénom ; un parent ou tuteur peut à tout moment demander la suppression de
              ces informations en nous écrivant.
            </p>
          </TextContent>
        </Container>
        <Container header={<Header variant="h2">Vos droits et nos coordonnées</Header>}>
          <TextContent>
            <p>
              Vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation et d'opposition, ainsi que du droit à la portabilité de vos
              données. Depuis votre page de rendez-vous, vous pouvez aussi demander à recevoir par e-mail les données personnelles qui vous concernent.
            </p>
            <p>
              Pour exercer vos droits ou pour toute question, écrivez à notre délégué à la protection des données :{' '}
              <Link href="mailto:dpo@livrea.fr">dpo@livrea.fr</Link> (Livrea, Délégué à la protection des données). Nous répondons dans un délai d'un mois.
            </p>
            <p>
              Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (
              <Link href="https://www.cnil.fr" external>
                www.cnil.fr
              </Link>
              ).
            </p>
          </TextContent>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
