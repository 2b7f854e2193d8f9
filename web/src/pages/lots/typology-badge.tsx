import Badge from '@cloudscape-design/components/badge';
import { typologyColors, type Typology } from '../../../../shared/domain/typology';

/**
 * The tag colours of part 1 §9 (green, geekblue, orange, volcano, red) as CSS colours, each dark
 * enough for white text (WCAG AA 4.5:1; green #389e0d read 3.46:1, orange #d46b08 3.55:1).
 */
const cssColors: Record<string, string> = {
  green: '#237804',
  geekblue: '#1d39c4',
  orange: '#ad4e00',
  volcano: '#d4380d',
  red: '#cf1322',
};

/** A typology 1p–5p as a coloured badge. */
export function TypologyBadge({ typologie }: { typologie: Typology }) {
  const color = cssColors[typologyColors[typologie]] ?? '#5f6b7a';
  return <Badge style={{ root: { background: color, borderColor: color, color: '#fff' } }}>{typologie}</Badge>;
}
