import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import { type BadgeName } from '../../../../shared/domain/buyer-area';
import { buyerAreaMessages, buyerAreaScreenMessages } from '../../../../shared/messages/buyer-area';
import { useHousing } from './housing-layout';
import { useClearBadges } from './use-clear-badges';

const texts = { tmas: buyerAreaScreenMessages.tma, choix: buyerAreaScreenMessages.choices } as const;

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
