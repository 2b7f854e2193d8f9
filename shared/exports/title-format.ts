/**
 * The event title formats of print and export (part 1 §9 'Event title formats', part 2 §9 'Print
 * title formats'): each name lists, in order, the parts of a visit's title. Browser-safe: the
 * print page, the XLSX and the ICS all title a visit the same way.
 */
export const titleFormats = [
  'nameTypo',
  'lot',
  'typo',
  'name',
  'lotTypo',
  'lotName',
  'lotNameTypo',
  'typoLot',
  'nameLot',
  'nameLotTypo',
  'typoNameLot',
  'typoName',
  'nameTypoLot',
  'lotTypoName',
  'lotNameTypoTel',
] as const;
export type TitleFormat = (typeof titleFormats)[number];

/** The default of the calendars (part 2 §5 'Title options: lotTypo (default)'). */
export const defaultTitleFormat: TitleFormat = 'lotTypo';

export interface TitleSource {
  lotcomm: string;
  nom: string;
  typologie: string;
  telephonemonsieur?: string;
}

type TitlePart = 'lot' | 'name' | 'typo' | 'tel';

const partOf: Record<TitlePart, (source: TitleSource) => string> = {
  lot: (source) => source.lotcomm,
  name: (source) => source.nom,
  typo: (source) => source.typologie,
  tel: (source) => source.telephonemonsieur ?? '',
};

export function isTitleFormat(value: string): value is TitleFormat {
  return (titleFormats as readonly string[]).includes(value);
}

/** 'lotNameTypoTel' → ['lot', 'name', 'typo', 'tel']. */
export function titleParts(format: TitleFormat): TitlePart[] {
  return format.split(/(?=[A-Z])/).map((part) => part.toLowerCase() as TitlePart);
}

/** A visit's title in a format: its parts in order, the empty ones left out, joined by ' - '. */
export function visitTitle(format: TitleFormat, source: TitleSource): string {
  return titleParts(format)
    .map((part) => partOf[part](source).trim())
    .filter((text) => text.length > 0)
    .join(' - ');
}
