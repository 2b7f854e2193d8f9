import { z } from 'zod';
import { viewLogDefaultMonths, type ViewLogEntry } from '../../../shared/domain/virtual-visit';
import { deleteVisitViews, listVisitViews } from '../../data/visit-views-repository';
import type { Deps } from '../../runtime/deps';
import { visitDeletionCounts } from '../../../shared/messages/virtual-visits';

export const viewLogQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

/** POST /vv/logs/multiple (part 3 §7): a map of visit uuid to the ids of the views to delete. */
export const viewLogDeleteSchema = z
  .record(z.string().min(1).max(64), z.array(z.string().min(1).max(80)).max(500))
  .refine((map) => Object.values(map).flat().length <= 5000);

export interface ViewLogStats {
  total: number;
  visits: number;
  countries: { code: string; name: string; views: number }[];
  /** Views per Paris day ('YYYY-MM-DD'), every day of the period with at least one view. */
  perDay: { date: string; views: number }[];
}

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

function monthsBefore(date: Date, months: number): Date {
  const copy = new Date(date);
  copy.setUTCMonth(copy.getUTCMonth() - months);
  return copy;
}

function viewStats(views: ViewLogEntry[]): ViewLogStats {
  const perDay = new Map<string, number>();
  const countries = new Map<string, { code: string; name: string; views: number }>();
  for (const view of views) {
    const day = parisDay.format(new Date(view.date));
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    const country = countries.get(view.country_code) ?? { code: view.country_code, name: view.country_name || 'Inconnu', views: 0 };
    country.views += 1;
    countries.set(view.country_code, country);
  }
  return {
    total: views.length,
    visits: new Set(views.map((view) => view.uuid)).size,
    countries: [...countries.values()].sort((a, b) => b.views - a.views),
    perDay: [...perDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, count]) => ({ date, views: count })),
  };
}

/** GET /logs (administrators): the views of the period (last 6 months by default), newest first, and their statistics. */
export async function listViewLogs(
  deps: Deps,
  query: z.infer<typeof viewLogQuerySchema>,
): Promise<{ from: string; to: string; views: ViewLogEntry[]; stats: ViewLogStats }> {
  const now = deps.now();
  const from = query.from ?? monthsBefore(now, viewLogDefaultMonths).toISOString().slice(0, 10);
  const to = query.to ?? now.toISOString().slice(0, 10);
  const views = (await listVisitViews(deps.store, from, `${to}T23:59:59.999Z`)).reverse();
  return { from, to, views, stats: viewStats(views) };
}

/** POST /vv/logs/multiple: deletes the chosen history entries. */
export async function deleteViewLogs(deps: Deps, map: z.infer<typeof viewLogDeleteSchema>): Promise<{ done: number; message: string }> {
  const entries = Object.entries(map).flatMap(([uuid, viewIds]) => viewIds.map((viewId) => ({ uuid, viewId })));
  await deleteVisitViews(deps.store, entries);
  return { done: entries.length, message: visitDeletionCounts.viewEntries(entries.length) };
}
