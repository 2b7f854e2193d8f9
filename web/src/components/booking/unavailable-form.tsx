import { useId, useState, type FormEvent } from 'react';
import { bookingMessages } from '../../../../shared/messages/booking';
import { bookingPageMessages } from '../../../../shared/messages/booking-page';

export interface UnavailableFormProps {
  pending: boolean;
  onSubmit: (note: string) => void;
  onCancel: () => void;
}

/** The note form the buyer sends to say the offered dates do not suit them. */
export function UnavailableForm({ pending, onSubmit, onCancel }: UnavailableFormProps) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) {
      setError(bookingMessages.unavailableNoteRequired);
      return;
    }
    onSubmit(note.trim());
  }

  return (
    <form className="bk-card bk-unavailable" onSubmit={submit} noValidate>
      <h2 className="bk-h2">{bookingPageMessages.unavailableFormTitle}</h2>
      <div className="bk-field">
        <label htmlFor={`${id}-note`}>{bookingPageMessages.unavailableFormLabel}</label>
        <textarea
          id={`${id}-note`}
          className="bk-input bk-textarea"
          rows={4}
          maxLength={2000}
          value={note}
          autoFocus
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setNote(event.target.value);
            if (error && event.target.value.trim()) setError(null);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="bk-error">
            {error}
          </p>
        )}
      </div>
      <div className="bk-actions">
        <button type="submit" className="bk-btn bk-btn--primary" disabled={pending}>
          {bookingPageMessages.send}
        </button>
        <button type="button" className="bk-btn bk-btn--ghost" onClick={onCancel} disabled={pending}>
          {bookingPageMessages.back}
        </button>
      </div>
    </form>
  );
}
