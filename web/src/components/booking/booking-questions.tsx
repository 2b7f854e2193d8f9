import { useId } from 'react';
import { bookingPageMessages } from '../../../../shared/messages/booking-page';
import { buyerShoeSizes } from '../../../../shared/domain/shoe-sizes';
import { addVisitorLabel, emptyVisitor, remainingVisitors, visitorRoles, type BookingAnswers, type VisitorDraft, type VisitorErrors } from './booking-form';

export interface BookingQuestionsProps {
  asked: { shoeSize: boolean; vrSurvey: boolean; visitors: boolean };
  maxVisitorsNb: number;
  answers: BookingAnswers;
  onChange: (answers: BookingAnswers) => void;
  visitorErrors: VisitorErrors[];
  /** Shown under the virtual-visit question after Valider when it is not answered. */
  vrError?: string;
}

/** 'inconnue' or 35 to 47 (part 1 §5). */
function ShoeSizeSelect({ id, value, onChange, placeholder }: { id: string; value: string; onChange: (value: string) => void; placeholder: string }) {
  return (
    <select id={id} className="bk-input" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{placeholder}</option>
      {buyerShoeSizes.map((size) => (
        <option key={size} value={size}>
          {size === 'inconnue' ? bookingPageMessages.unknownShoeSize : size}
        </option>
      ))}
    </select>
  );
}

/** The optional questions of a free planning: shoe sizes, virtual-visit interest, visitors. */
export function BookingQuestions({ asked, maxVisitorsNb, answers, onChange, visitorErrors, vrError }: BookingQuestionsProps) {
  const id = useId();
  const set = (patch: Partial<BookingAnswers>) => onChange({ ...answers, ...patch });
  const remaining = remainingVisitors(maxVisitorsNb, answers.visitors.length);
  const setVisitor = (index: number, patch: Partial<VisitorDraft>) =>
    set({ visitors: answers.visitors.map((visitor, at) => (at === index ? { ...visitor, ...patch } : visitor)) });

  if (!asked.shoeSize && !asked.vrSurvey && !asked.visitors) return null;
  return (
    <div className="bk-questions">
      {asked.shoeSize && (
        <fieldset className="bk-fieldset">
          <legend className="bk-legend">{bookingPageMessages.shoeSizes}</legend>
          <div className="bk-grid2">
            <div className="bk-field">
              <label htmlFor={`${id}-shoe1`}>
                {bookingPageMessages.shoeSize} <span className="bk-optional">{bookingPageMessages.optional}</span>
              </label>
              <ShoeSizeSelect id={`${id}-shoe1`} value={answers.shoeSize} onChange={(shoeSize) => set({ shoeSize })} placeholder={bookingPageMessages.choose} />
            </div>
            <div className="bk-field">
              <label htmlFor={`${id}-shoe2`}>
                {bookingPageMessages.secondShoeSize} <span className="bk-optional">{bookingPageMessages.optional}</span>
              </label>
              <ShoeSizeSelect
                id={`${id}-shoe2`}
                value={answers.shoeSize2}
                onChange={(shoeSize2) => set({ shoeSize2 })}
                placeholder={bookingPageMessages.noSecondShoeSize}
              />
            </div>
          </div>
        </fieldset>
      )}

      {asked.vrSurvey && (
        <fieldset className="bk-fieldset" aria-describedby={vrError ? `${id}-vr-error` : undefined}>
          <legend className="bk-legend">
            {bookingPageMessages.vrQuestion} <span className="bk-optional">{bookingPageMessages.required}</span>
          </legend>
          <div role="radiogroup" aria-required="true" aria-invalid={vrError ? true : undefined} aria-label={bookingPageMessages.vrLabel} className="bk-grid2">
            {[
              { value: true, label: bookingPageMessages.yes },
              { value: false, label: bookingPageMessages.no },
            ].map((choice) => (
              <label key={choice.label} className="bk-check">
                <input
                  type="radio"
                  name={`${id}-vr`}
                  required
                  checked={answers.isInterestedVr === choice.value}
                  onChange={() => set({ isInterestedVr: choice.value })}
                />
                <span>{choice.label}</span>
              </label>
            ))}
          </div>
          {vrError && (
            <p id={`${id}-vr-error`} className="bk-error">
              {vrError}
            </p>
          )}
        </fieldset>
      )}

      {asked.visitors && (
        <fieldset className="bk-fieldset">
          <legend className="bk-legend">{bookingPageMessages.visitors}</legend>
          <p className="bk-muted">{bookingPageMessages.visitorsAtMost(maxVisitorsNb)}</p>
          {answers.visitors.map((visitor, index) => {
            const errors = visitorErrors[index] ?? {};
            const field = (name: string) => `${id}-v${index}-${name}`;
            return (
              <div key={index} className="bk-visitor" role="group" aria-labelledby={field('title')}>
                <div className="bk-visitor__head">
                  <h3 id={field('title')} className="bk-h3">
                    {bookingPageMessages.visitor(index + 1)}
                  </h3>
                  <button
                    type="button"
                    className="bk-linkbtn"
                    onClick={() => set({ visitors: answers.visitors.filter((_, at) => at !== index) })}
                    aria-label={bookingPageMessages.removeVisitorLabel(index + 1)}
                  >
                    {bookingPageMessages.removeVisitor}
                  </button>
                </div>
                <div className="bk-grid2">
                  <div className="bk-field">
                    <label htmlFor={field('nom')}>{bookingPageMessages.lastname}</label>
                    <input
                      id={field('nom')}
                      className="bk-input"
                      value={visitor.nom}
                      autoComplete="off"
                      aria-invalid={!!errors.nom}
                      aria-describedby={errors.nom ? field('nom-error') : undefined}
                      onChange={(event) => setVisitor(index, { nom: event.target.value })}
                    />
                    {errors.nom && (
                      <p id={field('nom-error')} className="bk-error">
                        {errors.nom}
                      </p>
                    )}
                  </div>
                  <div className="bk-field">
                    <label htmlFor={field('prenom')}>{bookingPageMessages.firstname}</label>
                    <input
                      id={field('prenom')}
                      className="bk-input"
                      value={visitor.prenom}
                      autoComplete="off"
                      aria-invalid={!!errors.prenom}
                      aria-describedby={errors.prenom ? field('prenom-error') : undefined}
                      onChange={(event) => setVisitor(index, { prenom: event.target.value })}
                    />
                    {errors.prenom && (
                      <p id={field('prenom-error')} className="bk-error">
                        {errors.prenom}
                      </p>
                    )}
                  </div>
                  <div className="bk-field">
                    <label htmlFor={field('role')}>
                      {bookingPageMessages.role} <span className="bk-optional">{bookingPageMessages.optional}</span>
                    </label>
                    <select
                      id={field('role')}
                      className="bk-input"
                      value={visitor.role}
                      onChange={(event) => setVisitor(index, { role: event.target.value as VisitorDraft['role'] })}
                    >
                      <option value="">{bookingPageMessages.choose}</option>
                      {visitorRoles.map((role) => (
                        <option key={role.value} value={role.value}>
                          {role.label}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="bk-field">
                    <label htmlFor={field('email')}>
                      {bookingPageMessages.email} <span className="bk-optional">{bookingPageMessages.optional}</span>
                    </label>
                    <input
                      id={field('email')}
                      className="bk-input"
                      type="email"
                      inputMode="email"
                      autoComplete="off"
                      value={visitor.email}
                      aria-invalid={!!errors.email}
                      aria-describedby={errors.email ? field('email-error') : undefined}
                      onChange={(event) => setVisitor(index, { email: event.target.value })}
                    />
                    {errors.email && (
                      <p id={field('email-error')} className="bk-error">
                        {errors.email}
                      </p>
                    )}
                  </div>
                  <div className="bk-field">
                    <label htmlFor={field('shoe')}>
                      {bookingPageMessages.shoeSize} <span className="bk-optional">{bookingPageMessages.optional}</span>
                    </label>
                    <ShoeSizeSelect
                      id={field('shoe')}
                      value={visitor.shoeSize}
                      onChange={(shoeSize) => setVisitor(index, { shoeSize })}
                      placeholder={bookingPageMessages.choose}
                    />
                  </div>
                </div>
              </div>
            );
          })}
          {remaining > 0 ? (
            <button type="button" className="bk-btn bk-btn--secondary" onClick={() => set({ visitors: [...answers.visitors, { ...emptyVisitor }] })}>
              + {addVisitorLabel(remaining)}
            </button>
          ) : (
            <p className="bk-muted">{bookingPageMessages.visitorsFull}</p>
          )}
        </fieldset>
      )}
    </div>
  );
}
