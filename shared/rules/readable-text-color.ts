/**
 * The text colour of a coloured calendar event: white or the interface's dark text, whichever
 * stands out more from the background (WCAG 2 contrast). A colour chosen by staff from the palette
 * (part 2 §9 'a palette of 31 preset colours', RDV Libre) may be light; white text on it would fall
 * under the 4.5:1 that body text needs.
 */
export const DARK_TEXT = '#000716';
const LIGHT_TEXT = '#ffffff';

function luminance(hex: string): number {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((digit) => digit + digit).join('') : value.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(full.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** White on dark backgrounds, dark text on light ones; white for what is not a '#rrggbb' colour. */
export function readableTextColor(background: string): string {
  if (!/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(background)) return LIGHT_TEXT;
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}
