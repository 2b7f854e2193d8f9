import type { BreadcrumbGroupProps } from '@cloudscape-design/components/breadcrumb-group';
import type { SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import type { Role } from '../../../shared/domain/roles';
import { isPathAllowed } from '../../../shared/rules/role-routes';
import { objectIdPattern } from '../../../shared/domain/ids';
import type { CurrentProgram } from './session-store';
import { screenNames } from '../../../shared/messages/navigation';

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
  const homes = allowed(role, [link(screenNames.home, '/accueil'), link(screenNames.home, '/accueil-amo'), link(screenNames.myHousings, '/accueil-acquereur')]);
  items.push(...homes.slice(0, 1));
  items.push(...firstAllowed(role, screenNames.programs, role === 'administrator' ? ['/admin/programmes'] : ['/projets']));
  // part 2 §2.9: the cross-program list, under the AMO's own path for AMOs (part 1 §2 menus)
  items.push(...firstAllowed(role, screenNames.plannings, role === 'amo' ? ['/amo/plannings'] : ['/promoter/plannings']));
  // Attendance on the day (docs/user-guide.md « Présences »)
  items.push(...allowed(role, [link(screenNames.myDay, '/ma-journee')]));
  items.push(...firstAllowed(role, screenNames.templates, ['/promoter/templates', '/amo/templates']));
  items.push(...allowed(role, [link(screenNames.visits, '/visites')]));

  if (currentProgram && isPathAllowed(role, `/projets/${currentProgram.id}`)) {
    const base = `/projets/${currentProgram.id}`;
    items.push({ type: 'divider' });
    items.push({
      type: 'section',
      text: currentProgram.name ?? screenNames.currentProgram,
      defaultExpanded: true,
      items: [
        link(screenNames.lots, `${base}/clients`),
        link(screenNames.plannings, `${base}/plannings`),
        link(screenNames.visits3d, `${base}/visites-3d`),
        // part 3 §2 ★ funnel
        link(screenNames.funnel, `${base}/parcours`),
        link(screenNames.settings, `${base}/parametres`),
        // part 1 §2 buyer area: the buyers' conversations
        link(screenNames.messages, `${base}/messages`),
        link(screenNames.buyerArea, `${base}/espace-acquereur`),
      ],
    });
  }

  const admin = allowed(role, [link(screenNames.accounts, '/admin/users')]);
  if (admin.length > 0) {
    items.push({ type: 'divider' });
    items.push({
      type: 'section',
      text: screenNames.administration,
      defaultExpanded: true,
      items: [
        ...admin,
        {
          type: 'expandable-link-group',
          text: screenNames.permissions,
          href: '/admin/permissions/users',
          items: [link(screenNames.users, '/admin/permissions/users'), link(screenNames.programs, '/admin/permissions/programs')],
        },
        {
          type: 'expandable-link-group',
          text: screenNames.billing,
          href: '/admin/facturation/entities',
          items: [link(screenNames.entities, '/admin/facturation/entities'), link(screenNames.plannings, '/admin/facturation/plannings')],
        },
        link(screenNames.visits3d, '/admin/visites'),
        // part 3 §4: what administrators did while simulating a user
        link(screenNames.auditLog, '/admin/journal'),
        {
          type: 'expandable-link-group',
          text: screenNames.logs,
          href: '/admin/logs/visites',
          items: [
            link(screenNames.visits, '/admin/logs/visites'),
            link(screenNames.appointments, '/admin/logs/rdvs'),
            link(screenNames.trends, '/admin/logs/trends'),
          ],
        },
      ],
    });
  }

  if (runtime === 'local' && isPathAllowed(role, '/dev/outbox')) {
    items.push({ type: 'divider' });
    items.push(link(screenNames.outbox, '/dev/outbox'));
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
  'ma-journee': screenNames.myDay,
  projets: screenNames.programs,
  programmes: screenNames.programs,
  plannings: screenNames.plannings,
  templates: screenNames.templates,
  nouveau: screenNames.newPlanning,
  // part 2 §2.5, §2.7: imposed planning creation
  'nouveau-impose': screenNames.newImposedPlanning,
  help: screenNames.help,
  parametres: screenNames.settings,
  'visites-3d': screenNames.visits3d,
  users: screenNames.accounts,
  permissions: screenNames.permissions,
  facturation: screenNames.billing,
  logs: screenNames.logs,
  rdvs: screenNames.appointments,
  trends: screenNames.trends,
  journal: screenNames.auditLog,
  clients: screenNames.lots,
  entities: screenNames.entities,
  visites: screenNames.visits,
  profile: screenNames.account,
  accueil: screenNames.home,
  'accueil-amo': screenNames.home,
  'accueil-acquereur': screenNames.myHousings,
  rgpd: screenNames.gdpr,
  aide: screenNames.support,
  outbox: screenNames.outbox,
  // screens ('Permissions › programs' read as a raw route part)
  programs: screenNames.programs,
  // part 3 §2 ★ funnel
  parcours: screenNames.funnel,
  // part 1 §2 buyer area: the staff side of the buyer area
  'espace-acquereur': screenNames.buyerArea,
  // part 2 §2.9: exports and shared views
  'plannings-consolidate': screenNames.consolidated,
  // part 1 §2: the buyer's housing pages
  logement: screenNames.myHousings,
  actualite: screenNames.news,
  tmas: screenNames.tma,
  choix: screenNames.choices,
  messages: screenNames.messages,
  documents: screenNames.documents,
  chantier: screenNames.site,
  // values, not messages: a segment of the page's address, as the keys above.
  'foire-aux-questions': screenNames.faq,
};

/** Where a namespace crumb leads when it is no page of its own. */
const segmentHrefs: Record<string, string> = { logement: '/accueil-acquereur' };

/** A record's crumb before its name is known, by the list it belongs to (never the raw id). */
const recordLabels: Record<string, string> = {
  projets: screenNames.program,
  users: screenNames.account,
  entities: screenNames.entity,
  logement: screenNames.housing,
  clients: screenNames.clientData,
};

/** A planning's detail page sits under the program's plannings list; its id reads as the kind of planning. */
const planningDetailCrumbs: Record<string, string> = { 'plannings-libres': screenNames.freePlanning, 'plannings-imposes': screenNames.imposedPlanning };

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
      else text = names(decoded) ?? (isRecordId(decoded) || recordLabels[parent] ? (recordLabels[parent] ?? screenNames.detail) : decoded);
    }
    if (decoded === 'visites' && parent === 'admin') text = screenNames.visits3d;
    // The menu's name of the page: Permissions › Utilisateurs (the accounts list itself is Comptes).
    if (decoded === 'users' && parent === 'permissions') text = screenNames.users;
    const detail = planningDetailCrumbs[decoded];
    if (detail) return void crumbs.push({ text: screenNames.plannings, href: href.replace(/[^/]+$/, 'plannings') });
    const parentDetail = planningDetailCrumbs[parent];
    if (parentDetail) text = parentDetail;
    crumbs.push({ text, href });
  });
  return crumbs;
}
