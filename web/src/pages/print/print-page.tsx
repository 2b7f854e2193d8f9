import '../../../../shared/i18n/zod-french';
import { TZDate } from '@date-fns/tz';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { exportMessages, printPageMessages as texts, unavailableVisitMark } from '../../../../shared/messages/exports';
import { shortNoticeMark } from '../../../../shared/rules/short-notice';
import type { PrintData } from '../../../../shared/exports/print-data';
import { printQueries } from '../../api/print-queries';
import { itemsByDay, parisTime, planningMark, printPages, type DayItem } from './print-layout';
import './print-page.css';

const dayLabel = (day: string, pattern = 'EEEE d MMMM yyyy') => format(new TZDate(`${day}T12:00:00Z`, 'Europe/Paris'), pattern, { locale: fr });
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Semaine du 14 décembre 2026', 'Mois de décembre 2026', 'Jour : mardi 15 décembre 2026'. */
function periodLabel(view: PrintData['view'], key: string): string {
  if (view === 'week') return texts.week(dayLabel(key, 'd MMMM yyyy'));
  if (view === 'month') return texts.month(dayLabel(`${key}-01`, 'MMMM yyyy'));
  return texts.day(dayLabel(key));
}

function Item({ item, data }: { item: DayItem; data: PrintData }) {
  const consolidated = data.plannings.length > 1;
  const amo =
    item.amoNb === null ? '' : (data.plannings[item.planningIndex]?.amos.find((candidate) => candidate.amoNb === item.amoNb)?.name ?? `AMO ${item.amoNb + 1}`);
  return (
    <div className={`print-item${item.freeMeeting ? ' free-meeting' : ''}${item.unavailable ? ' unavailable' : ''}`} data-testid="print-item">
      <span className="time">
        {parisTime(item.start)}–{parisTime(item.end)}
      </span>{' '}
      {consolidated && !item.freeMeeting ? `[${planningMark(item.planningIndex)}] ` : ''}
      {item.freeMeeting ? texts.freeMeeting(item.label) : item.label}
      {item.unavailable ? <strong> – {unavailableVisitMark}</strong> : null}
      {item.shortNotice ? <strong> – {shortNoticeMark}</strong> : null}
      {amo && data.amoNb === null ? <span> · {amo}</span> : null}
    </div>
  );
}

function Day({ day, items, data, pattern }: { day: string; items: DayItem[]; data: PrintData; pattern?: string }) {
  return (
    <section className="print-day">
      <h2>{capitalized(dayLabel(day, pattern))}</h2>
      {items.length === 0 ? (
        <p className="print-empty">{texts.noVisit}</p>
      ) : (
        items.map((item, index) => <Item key={`${item.start}-${index}`} item={item} data={data} />)
      )}
    </section>
  );
}

function Header({ data }: { data: PrintData }) {
  return (
    <header className="print-header">
      {data.plannings.map((planning, index) => (
        <div key={planning.uuid}>
          <h1>
            {data.plannings.length > 1 ? `[${planningMark(index)}] ` : ''}
            {planning.title}
          </h1>
          <p>
            {planning.projectName} · {planning.address}
            {data.amoNb !== null && planning.amos[0] ? ` · ${planning.amos[0].name}` : ''}
          </p>
        </div>
      ))}
    </header>
  );
}

/** The print content: one sheet per day, week or month, each with the header. */
function PrintSheets({ data }: { data: PrintData }) {
  const byDay = itemsByDay(data);
  const pages = printPages(data, byDay);
  if (pages.length === 0) {
    return (
      <section className="print-sheet">
        <Header data={data} />
        <p className="print-empty">{texts.nothingToPrint}</p>
      </section>
    );
  }
  return (
    <>
      {pages.map((page) => (
        <section className="print-sheet" key={page.key}>
          <Header data={data} />
          <p className="print-period">{periodLabel(data.view, page.key)}</p>
          {data.view === 'month' ? (
            <div className="print-month">
              {page.days.map((day) => (
                <Day key={day} day={day} items={byDay.get(day) ?? []} data={data} pattern="EEE d" />
              ))}
            </div>
          ) : data.view === 'week' ? (
            <div className="print-columns">
              {page.days.map((day) => (
                <Day key={day} day={day} items={byDay.get(day) ?? []} data={data} pattern="EEEE d MMMM" />
              ))}
            </div>
          ) : (
            <Day day={page.key} items={byDay.get(page.key) ?? []} data={data} />
          )}
        </section>
      ))}
    </>
  );
}

/**
 * The print page /print/{group}/{view}/[{amo}] (part 2 §2.9), opened by the PDF
 * renderer with a short-lived print token (?token=), never a staff session. What it shows comes
 * from the token (plannings, title format, view, AMO, RDV Libre); the path only names it. Sets
 * data-print-ready on <html> once drawn, which the renderer waits for.
 */
export function PrintPage() {
  const [params] = useSearchParams();
  const query = useQuery(printQueries.data(params.get('token') ?? ''));

  useEffect(() => {
    document.title = texts.documentTitle;
    const root = document.documentElement;
    if (query.isSuccess) root.dataset.printReady = '1';
    if (query.isError) root.dataset.printError = '1';
  }, [query.isSuccess, query.isError]);

  if (query.isError)
    return (
      <main className="print-page">
        <p role="alert">{exportMessages.printLinkInvalid}</p>
      </main>
    );
  if (!query.data)
    return (
      <main className="print-page">
        <p>Chargement…</p>
      </main>
    );
  return (
    <main className="print-page">
      <PrintSheets data={query.data} />
    </main>
  );
}
