import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import { type BadgeName } from '../../../../shared/domain/buyer-area';
import { buyerAreaMessages } from '../../../../shared/messages/buyer-area';
import { useHousing } from './housing-layout';
import { useClearBadges } from './use-clear-badges';

const texts = {
  tmas: { title: 'Travaux modificatifs (TMA)', text: 'Vous pourrez bientôt suivre ici vos demandes de travaux modificatifs.' },
  choix: { title: 'Mes choix', text: 'Vous pourrez bientôt faire ici vos choix de finitions (sols, faïences, équipements).' },
} as const;

/** /logement/{id}/tmas and /choix: the specification shows placeholders; a clear 'Bientôt disponible' page, not an empty one. */
function ComingSoonPage({ section }: { section: Extract<BadgeName, 'tmas' | 'choix'> }) {
  const housing = useHousing();
  useClearBadges(housing, section);
  return (
    <Container>
      <Box textAlign="center" padding={{ vertical: 'xl' }}>
        <Box variant="h2">{buyerAreaMessages.comingSoon}</Box>
        <Box variant="p" color="text-body-secondary">
          {texts[section].title} — {texts[section].text}
        </Box>
      </Box>
    </Container>
  );
}

export function HousingTmaPage() {
  return <ComingSoonPage section="tmas" />;
}

export function HousingChoicesPage() {
  return <ComingSoonPage section="choix" />;
}
