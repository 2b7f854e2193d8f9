import '../../../../shared/i18n/zod-french';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { virtualVisitMessages } from '../../../../shared/messages/virtual-visits';
import { formatParisDateTime } from '../../../../shared/i18n/paris-dates';
import { errorMessage, isApiError } from '../../api/api-error';
import { useCountViewMutation, visitQueries, type PublicVisit } from '../../api/virtual-visit-queries';
import { quitPage } from '../../components/quit-page';
import { immersionMessages } from '../../../../shared/messages/virtual-visit-pages';
import './immersion-page.css';

/**
 * Public virtual-visit page /immersion/{uuid} and /vv/{uuid} (part 1 §2): opened
 * from a mail, often on a phone, so plain React and one CSS file, no Cloudscape. The promoter's
 * logo and texts, a greeting, the validity and one embedded tour per link; each opening is
 * counted once by the server (which locates the address itself).
 */
export function ImmersionPage() {
  const { uuid = '' } = useParams();
  const query = useQuery(visitQueries.public(uuid));
  const count = useCountViewMutation(uuid);
  const counted = useRef(false);

  useEffect(() => {
    document.title = immersionMessages.documentTitle;
  }, []);
  useEffect(() => {
    if (query.data?.state !== 'active' || counted.current) return;
    counted.current = true;
    count.mutate();
  }, [query.data?.state, count]);

  let content;
  if (query.isPending)
    content = (
      <p className="vv-muted" role="status">
        Chargement…
      </p>
    );
  else if (query.isError)
    content = isApiError(query.error, 404) ? (
      <NotFound />
    ) : (
      <p className="vv-error" role="alert">
        {errorMessage(query.error)}
      </p>
    );
  else content = <VisitContent view={query.data} />;

  return (
    <div className="vv">
      <main className="vv-main">{content}</main>
      <footer className="vv-footer">{immersionMessages.footer}</footer>
    </div>
  );
}

function NotFound() {
  return (
    <div className="vv-result">
      <h1 className="vv-h1">{virtualVisitMessages.notFound}</h1>
      <button type="button" className="vv-btn" onClick={quitPage}>
        Quitter
      </button>
    </div>
  );
}

function VisitContent({ view }: { view: PublicVisit }) {
  const { visit, promoter } = view;
  return (
    <>
      <header className="vv-header">
        {promoter?.hasLogo && <img className="vv-logo" src={`/api/promoter/${encodeURIComponent(promoter._id)}/logo`} alt={`Logo ${promoter.name}`} />}
        <h1 className="vv-h1">Bonjour {visit.name},</h1>
      </header>
      {view.state === 'expired' ? (
        <p className="vv-expired" role="alert">
          {virtualVisitMessages.expired}
        </p>
      ) : (
        <>
          {promoter && (
            <section className="vv-intro">
              <p>{promoter.firstParagraph}</p>
              <p>{promoter.secondParagraph}</p>
              <p>{promoter.thirdParagraph}</p>
            </section>
          )}
          <p className="vv-validity">{immersionMessages.availableUntil(formatParisDateTime(visit.endDate))}</p>
          {visit.links.map((link, index) => (
            <section key={link} className="vv-tour" aria-label={`Visite 3D ${index + 1}`}>
              <h2 className="vv-h2">
                {visit.pointer}
                {visit.links.length > 1 ? ` (${index + 1}/${visit.links.length})` : ''}
              </h2>
              <iframe
                className="vv-frame"
                src={link}
                title={`${visit.pointer} – visite 3D ${index + 1}`}
                allow="fullscreen; xr-spatial-tracking"
                allowFullScreen
              />
            </section>
          ))}
        </>
      )}
    </>
  );
}
