import type { BreadcrumbGroupProps } from '@cloudscape-design/components/breadcrumb-group';
import type { SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import type { Role } from '../../../shared/domain/roles';
import { isPathAllowed } from '../../../shared/rules/role-routes';
import { objectIdPattern } from '../../../shared/domain/ids';
import type { CurrentProgram } from './session-store';

export interface NavigationContext {
  role: Role;
  /** From GET /health: the outbox entry exists only on the local runtime. */
  runtime?: 'local' | 'aws';
  currentProgram: CurrentProgram | null;
}

type Item = SideNavigationProps.Item;
type LinkItem = SideNavigationProps.Link;

function link(text: string, href: string): LinkItem {
  return { type: 'link', text, href };
}

/** The first of the candidate paths that the role may use (e.g. Modèles: promoter or AMO templates). */
function firstAllowed(role: Role, text: string, hrefs: string[]): LinkItem[] {
  const href = hrefs.find((candidate) => isPathAllowed(role, candidate));
  return href ? [link(text, href)] : [];
}

function allowed(role: Role, items: LinkItem[]): LinkItem[] {
  return items.filter((item) => isPathAllowed(role, item.href));
}

/** Menu entries of the sidebar (part 1 §2 "Layout shared by staff screens"): only paths the role may use. */
export function buildNavigation({ role, runtime, currentProgram }: NavigationContext): Item[] {
  const items: Item[] = [];
  const homes = allowed(role, [link('Accueil', '/accueil'), link('Accueil', '/accueil-amo'), link('Mes logements', '/accueil-acquereur')]);
  items.push(...homes.slice(0, 1));
  items.push(...firstAllowed(role, 'Programmes', role === 'administrator' ? ['/admin/programmes'] : ['/projets']));
  // part 2 §2.9: the cross-program list, under the AMO's own path for AMOs (part 1 §2 menus)
  items.push(...firstAllowed(role, 'Plannings', role === 'amo' ? ['/amo/plannings'] : ['/promoter/plannings']));
  // Attendance on the day (docs/user-guide.md « Présences »)
  items.push(...allowed(role, [link('Ma journée', '/ma-journee')]));
  items.push(...firstAllowed(role, 'Modèles', ['/promoter/templates', '/amo/templates']));
  items.push(...allowed(role, [link('Visites', '/visites')]));

  if (currentProgram && isPathAllowed(role, `/projets/${currentProgram.id}`)) {
    const base = `/projets/${currentProgram.id}`;
    items.push({ type: 'divider' });
    items.push({
      type: 'section',
      text: currentProgram.name ?? 'Programme en cours',
      defaultExpanded: true,
      items: [
        link('Lots', `${base}/clients`),
        link('Plannings', `${base}/plannings`),
        link('Visites 3D', `${base}/visites-3d`),
        // part 3 §2 ★ funnel
        link('Parcours acquéreurs', `${base}/parcours`),
        link('Paramètres', `${base}/parametres`),
        // part 1 §2 buyer area: the buyers' conversations
        link('Messages', `${base}/messages`),
        link('Espace acquéreur', `${base}/espace-acquereur`),
      ],
    });
  }

  const admin = allowed(role, [link('Comptes', '/admin/users')]);
  if (admin.length > 0) {
    items.push({ type: 'divider' });
    items.push({
      type: 'section',
      text: 'Administration',
      defaultExpanded: true,
      items: [
        ...admin,
        {
          type: 'expandable-link-group',
          text: 'Permissions',
          href: '/admin/permissions/users',
          items: [link('Utilisateurs', '/admin/permissions/users'), link('Programmes', '/admin/permissions/programs')],
        },
        {
          type: 'expandable-link-group',
          text: 'Facturation',
          href: '/admin/facturation/entities',
          items: [link('Entités', '/admin/facturation/entities'), link('Plannings', '/admin/facturation/plannings')],
        },
        link('Visites 3D', '/admin/visites'),
        // part 3 §4: what administrators did while simulating a user
        link("Journal d'audit", '/admin/journal'),
        {
          type: 'expandable-link-group',
          text: 'Logs',
          href: '/admin/logs/visites',
          items: [link('Visites', '/admin/logs/visites'), link('Rendez-vous', '/admin/logs/rdvs'), link('Tendances', '/admin/logs/trends')],
        },
      ],
    });
  }

  if (runtime === 'local' && isPathAllowed(role, '/dev/outbox')) {
    items.push({ type: 'divider' });
    items.push(link("Boîte d'envoi locale", '/dev/outbox'));
  }
  return items;
}

/** Every href of a menu, flattened (used to highlight the active entry and by tests). */
export function navigationHrefs(items: readonly Item[]): string[] {
  return items.flatMap((item) => {
    const own = 'href' in item && typeof item.href === 'string' ? [item.href] : [];
    const children = 'items' in item && Array.isArray(item.items) ? navigationHrefs(item.items) : [];
    return [...own, ...children];
  });
}

/** The menu entry to highlight: the longest href that prefixes the current path. */
export function activeHref(items: readonly Item[], pathname: string): string | undefined {
  return navigationHrefs(items)
    .filter((href) => pathname === href || pathname.startsWith(`${href}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** Breadcrumb labels by route segment (part 1 §2, part 3 §2). */
const segmentLabels: Record<string, string> = {
  'ma-journee': 'Ma journée',
  projets: 'Programmes',
  programmes: 'Programmes',
  plannings: 'Plannings',
  templates: 'Modèles',
  nouveau: 'Nouveau',
  // part 2 §2.5, §2.7: imposed planning creation
  'nouveau-impose': 'Nouveau planning imposé',
  help: "Mode d'emploi",
  parametres: 'Paramètres',
  'visites-3d': 'Visites 3D',
  users: 'Comptes',
  permissions: 'Permissions',
  facturation: 'Facturation',
  logs: 'Logs',
  rdvs: 'Rendez-vous',
  trends: 'Tendances',
  journal: "Journal d'audit",
  clients: 'Lots',
  entities: 'Entités',
  visites: 'Visites',
  profile: 'Compte',
  accueil: 'Accueil',
  'accueil-amo': 'Accueil',
  'accueil-acquereur': 'Mes logements',
  rgpd: 'RGPD',
  aide: 'Aide',
  outbox: "Boîte d'envoi locale",
  // screens ('Permissions › programs' read as a raw route part)
  programs: 'Programmes',
  // part 3 §2 ★ funnel
  parcours: 'Parcours acquéreurs',
  // part 1 §2 buyer area: the staff side of the buyer area
  'espace-acquereur': 'Espace acquéreur',
  // part 2 §2.9: exports and shared views
  'plannings-consolidate': 'Vue consolidée',
  // part 1 §2: the buyer's housing pages
  logement: 'Mes logements',
  actualite: 'Actualité',
  tmas: 'TMA',
  choix: 'Choix',
  messages: 'Messages',
  documents: 'Documents',
  chantier: 'Chantier',
  'foire-aux-questions': 'Foire aux questions',
};

/** Where a namespace crumb leads when it is no page of its own. */
const segmentHrefs: Record<string, string> = { logement: '/accueil-acquereur' };

/** A record's crumb before its name is known, by the list it belongs to (never the raw id). */
const recordLabels: Record<string, string> = { projets: 'Programme', users: 'Compte', entities: 'Entité', logement: 'Logement', clients: 'Données client' };

/** A planning's detail page sits under the program's plannings list; its id reads as the kind of planning. */
const planningDetailCrumbs: Record<string, string> = { 'plannings-libres': 'Planning libre', 'plannings-imposes': 'Planning imposé' };

/** Namespaces that are not pages of their own: skipped in the trail. */
const skippedSegments = new Set(['admin', 'promoter', 'amo', 'dev']);

/** A record id in an address: a 24-hex object id or a UUID. */
const anyCaseObjectId = new RegExp(objectIdPattern.source, 'i');
const isRecordId = (segment: string) => anyCaseObjectId.test(segment) || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment);

/**
 * Breadcrumbs built from the route segments, in French: a program id shows the stored program
 * name, another record its name once its page has loaded it (`names`, web/src/app/crumb-names.ts),
 * else what it is ('Compte', 'Entité', 'Logement'), never the raw id.
 */
export function buildBreadcrumbs(
  pathname: string,
  currentProgram: CurrentProgram | null,
  names: (id: string) => string | undefined = () => undefined,
): BreadcrumbGroupProps.Item[] {
  const crumbs: BreadcrumbGroupProps.Item[] = [{ text: 'Livrea', href: '/' }];
  const segments = pathname.split('/').filter(Boolean);
  segments.forEach((segment, index) => {
    if (skippedSegments.has(segment)) return;
    const decoded = decodeURIComponent(segment);
    const href = segmentHrefs[decoded] ?? `/${segments.slice(0, index + 1).join('/')}`;
    const parent = segments[index - 1] ?? '';
    let text = segmentLabels[decoded];
    if (!text) {
      if (currentProgram && decoded === currentProgram.id && currentProgram.name) text = currentProgram.name;
      else text = names(decoded) ?? (isRecordId(decoded) || recordLabels[parent] ? (recordLabels[parent] ?? 'Détail') : decoded);
    }
    if (decoded === 'visites' && parent === 'admin') text = 'Visites 3D';
    // The menu's name of the page: Permissions › Utilisateurs (the accounts list itself is Comptes).
    if (decoded === 'users' && parent === 'permissions') text = 'Utilisateurs';
    const detail = planningDetailCrumbs[decoded];
    if (detail) return void crumbs.push({ text: 'Plannings', href: href.replace(/[^/]+$/, 'plannings') });
    const parentDetail = planningDetailCrumbs[parent];
    if (parentDetail) text = parentDetail;
    crumbs.push({ text, href });
  });
  return crumbs;
}
