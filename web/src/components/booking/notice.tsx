import type { ReactNode } from 'react';
import { bookingPageMessages } from '../../../../shared/messages/booking-page';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

export interface NoticeProps {
  tone: NoticeTone;
  children: ReactNode;
  /** Shows a close button when given. */
  onDismiss?: () => void;
}

/** A message box: errors are announced at once (role alert), the others politely (role status). */
export function Notice({ tone, children, onDismiss }: NoticeProps) {
  return (
    <div className={`bk-notice bk-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="bk-notice__text">{children}</div>
      {onDismiss && (
        <button type="button" className="bk-notice__close" onClick={onDismiss} aria-label={bookingPageMessages.closeNotice}>
          ×
        </button>
      )}
    </div>
  );
}

/** The page's loading indicator. */
export function Spinner({ label = bookingPageMessages.loading }: { label?: string }) {
  return (
    <div className="bk-spinner" role="status" aria-live="polite">
      <span className="bk-spinner__wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
