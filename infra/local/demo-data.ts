import type { RegisterRequest } from '../../shared/domain/account';
import type { Role } from '../../shared/domain/roles';
import type { LotImportRow } from '../../shared/domain/lot';

/** The demo accounts printed by `npm start` and listed in the README (local runs only). */
export const demoPassword = 'demo-livrea';

type DemoAccount = Omit<RegisterRequest, 'role' | 'password'> & { role: Role };

export const demoAccounts: DemoAccount[] = [
  { email: 'admin@demo.livrea.fr', username: 'admin', firstname: 'Alice', lastname: 'Martin', enterprise: 'Livrea', gender: 'Madame', role: 'administrator' },
  {
    email: 'promoteur@demo.livrea.fr',
    username: 'promoteur',
    firstname: 'Paul',
    lastname: 'Durand',
    enterprise: 'Horizon Promotion',
    gender: 'Monsieur',
    role: 'promoter',
  },
  { email: 'amo1@demo.livrea.fr', username: 'amo1', firstname: 'Claire', lastname: 'Bernard', enterprise: 'AMO Conseil', gender: 'Madame', role: 'amo' },
  { email: 'amo2@demo.livrea.fr', username: 'amo2', firstname: 'Julien', lastname: 'Petit', enterprise: 'AMO Conseil', gender: 'Monsieur', role: 'amo' },
  { email: 'amo3@demo.livrea.fr', username: 'amo3', firstname: 'Sophie', lastname: 'Robert', enterprise: 'AMO Conseil', gender: 'Madame', role: 'amo' },
  {
    email: 'moderateur@demo.livrea.fr',
    username: 'moderateur',
    firstname: 'Marc',
    lastname: 'Richard',
    enterprise: 'Livrea',
    gender: 'Monsieur',
    role: 'moderator',
  },
  {
    email: 'acquereur1@demo.livrea.fr',
    username: 'acquereur1',
    firstname: 'Léa',
    lastname: 'Dubois',
    enterprise: 'Particulier',
    gender: 'Madame',
    role: 'customer',
  },
  {
    email: 'acquereur2@demo.livrea.fr',
    username: 'acquereur2',
    firstname: 'Hugo',
    lastname: 'Moreau',
    enterprise: 'Particulier',
    gender: 'Monsieur',
    role: 'customer',
  },
];

const lastNames = [
  'Dubois',
  'Moreau',
  'Laurent',
  'Simon',
  'Michel',
  'Lefebvre',
  'Leroy',
  'Roux',
  'David',
  'Bertrand',
  'Morel',
  'Fournier',
  'Girard',
  'Bonnet',
  'Dupont',
  'Lambert',
  'Fontaine',
  'Rousseau',
  'Vincent',
  'Muller',
  'Lefèvre',
  'Faure',
  'André',
  'Mercier',
  'Blanc',
  'Guérin',
  'Boyer',
  'Garnier',
  'Chevalier',
  'François',
  'Legrand',
  'Gauthier',
  'Garcia',
  'Perrin',
  'Robin',
  'Clément',
  'Morin',
  'Nicolas',
  'Henry',
  'Roussel',
];
const typologies = ['1p', '2p', '3p', '3p', '4p', '2p', '3p', '5p'] as const;

/** 40 lots of the demo program, in the client-file shape; the first two belong to the demo buyers. */
export function demoLots(): LotImportRow[] {
  return lastNames.map((nom, index) => {
    const batiment = index < 20 ? 'A' : 'B';
    const etage = String(Math.floor((index % 20) / 4));
    const mail = index === 0 ? 'acquereur1@demo.livrea.fr' : index === 1 ? 'acquereur2@demo.livrea.fr' : `lot${index + 1}@demo.livrea.fr`;
    return {
      lotcopro: String(100 + index),
      lotcomm: `${batiment}${etage}${String((index % 4) + 1).padStart(2, '0')}`,
      titre: index % 3 === 0 ? 'Madame' : 'Monsieur',
      nom: index === 0 ? 'Dubois Léa' : index === 1 ? 'Moreau Hugo' : nom,
      adresse: `${index + 3} rue des Tilleuls`,
      codepostal: '69003',
      ville: 'Lyon',
      telephonemonsieur: `06${String(12000000 + index * 1371).padStart(8, '0')}`,
      telephonemadame: '',
      mailmonsieur: mail,
      mailmadame: '',
      typologie: typologies[index % typologies.length],
      batiment,
      etage,
    };
  });
}
