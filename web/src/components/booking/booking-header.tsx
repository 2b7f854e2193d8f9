import { useState } from 'react';
import type { BuyerView } from '../../../../shared/domain/planning';
import { programLogoUrl } from '../../api/booking-queries';

/** Program logo (or its initial), program name, visit phase and the buyer's lot. */
export function BookingHeader({ view }: { view: BuyerView }) {
  const { planning, meeting } = view;
  const [logoFailed, setLogoFailed] = useState(false);
  const showLogo = planning.hasLogo && !logoFailed;
  return (
    <header className="bk-header">
      <div className="bk-header__inner">
        {showLogo ? (
          <img className="bk-header__logo" src={programLogoUrl(planning.projectId)} alt={`Logo ${planning.projectName}`} onError={() => setLogoFailed(true)} />
        ) : (
          <span className="bk-header__initial" aria-hidden="true">
            {planning.projectName.trim().charAt(0).toUpperCase() || 'L'}
          </span>
        )}
        <div className="bk-header__text">
          <p className="bk-header__program">{planning.projectName}</p>
          <p className="bk-header__meta">
            <span className="bk-badge">{planning.phaseLabel}</span>
            <span>
              Lot {meeting.lotcomm}
              {meeting.typologie ? ` · ${meeting.typologie.toUpperCase()}` : ''}
            </span>
          </p>
        </div>
      </div>
    </header>
  );
}
