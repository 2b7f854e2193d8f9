/**
 * SMS texts keep to the GSM-7 alphabet where they can (one SMS = 160 characters instead of 70):
 * French letters outside it are replaced by their closest GSM-7 letter.
 */
const gsm7Basic = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const gsm7Extended = '^{}\\[~]|€';

const replacements: Record<string, string> = {
  â: 'a',
  á: 'a',
  ã: 'a',
  ê: 'e',
  ë: 'e',
  î: 'i',
  ï: 'i',
  í: 'i',
  ô: 'o',
  ó: 'o',
  õ: 'o',
  û: 'u',
  ú: 'u',
  ç: 'c',
  ÿ: 'y',
  À: 'A',
  Â: 'A',
  È: 'E',
  Ê: 'E',
  Ë: 'E',
  Î: 'I',
  Ï: 'I',
  Ô: 'O',
  Û: 'U',
  Ù: 'U',
  œ: 'oe',
  Œ: 'OE',
  '’': "'",
  '‘': "'",
  '“': '"',
  '”': '"',
  '«': '"',
  '»': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
};

export function isGsm7(text: string): boolean {
  return [...text].every((char) => gsm7Basic.includes(char) || gsm7Extended.includes(char));
}

export function toGsm7(text: string): string {
  return [...text].map((char) => (gsm7Basic.includes(char) || gsm7Extended.includes(char) ? char : (replacements[char] ?? char))).join('');
}
