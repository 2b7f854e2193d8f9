/**
 * The colour palette of programs (part 2 §9: a palette of 31 preset colours; recent custom colours
 * are stored locally under `recentColors`). Colours are kept as 'rgb(r, g, b)' strings.
 */
export const presetColors = [
  'rgb(67, 99, 134)',
  'rgb(120, 163, 173)',
  'rgb(226, 170, 94)',
  'rgb(244, 67, 54)',
  'rgb(233, 30, 99)',
  'rgb(156, 39, 176)',
  'rgb(103, 58, 183)',
  'rgb(63, 81, 181)',
  'rgb(33, 150, 243)',
  'rgb(3, 169, 244)',
  'rgb(0, 188, 212)',
  'rgb(0, 150, 136)',
  'rgb(76, 175, 80)',
  'rgb(139, 195, 74)',
  'rgb(205, 220, 57)',
  'rgb(255, 235, 59)',
  'rgb(255, 193, 7)',
  'rgb(255, 152, 0)',
  'rgb(255, 87, 34)',
  'rgb(121, 85, 72)',
  'rgb(96, 125, 139)',
  'rgb(158, 158, 158)',
  'rgb(0, 0, 0)',
  'rgb(183, 105, 93)',
  'rgb(212, 223, 199)',
  'rgb(35, 47, 62)',
  'rgb(0, 115, 187)',
  'rgb(29, 129, 2)',
  'rgb(209, 50, 18)',
  'rgb(255, 153, 0)',
  'rgb(84, 91, 100)',
] as const;

const MAX_RECENT = 8;

/** '#4a6fa5' → 'rgb(74, 111, 165)'. */
export function hexToRgb(hex: string): string {
  const value = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((start) => Number.parseInt(value.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** 'rgb(74, 111, 165)' → '#4a6fa5' (the value of an <input type="color">); other strings as-is. */
export function rgbToHex(color: string): string {
  const match = /^rgb\(\s*(\d{1,3}),\s*(\d{1,3}),\s*(\d{1,3})\s*\)$/.exec(color.trim());
  if (!match) return color.startsWith('#') ? color : '#000000';
  return `#${match
    .slice(1, 4)
    .map((part) => Math.min(255, Number(part)).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Recent colours, newest first, without duplicates. */
export function withRecentColor(recent: readonly string[], color: string): string[] {
  return [color, ...recent.filter((item) => item !== color)].slice(0, MAX_RECENT);
}

export function parseRecentColors(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
