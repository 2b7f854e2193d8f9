import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { notify } from '../../app/notifications-store';
import { isStrandWarning } from './strand-warning';

/**
 * A detail page dialog's call: on success the answer goes to the flash bar and the dialog closes; on
 * failure its message stays in the dialog, and a strand warning (part 2 §4 'Moving') asks for a
 * confirmation that a new date or time withdraws (`dropStrandWarning`).
 */
export function useDialogCall(run: <R>(call: () => Promise<R>, refreshLater?: boolean) => Promise<R>, onClosed: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [strand, setStrand] = useState(false);
  const close = () => {
    setError(null);
    setStrand(false);
    onClosed();
  };
  const submit = async <R>(call: () => Promise<R>, success: (answer: R) => string, fallback: string, refreshLater = false) => {
    setError(null);
    try {
      const answer = await run(call, refreshLater);
      notify({ type: 'success', content: success(answer) });
      close();
    } catch (caught) {
      setError(errorMessage(caught, fallback));
      setStrand(isStrandWarning(caught));
    }
  };
  /** A read the dialog shows (a preview): its failure's message stays in the dialog, nothing closes. */
  const ask = async <R>(call: () => Promise<R>, fallback: string): Promise<R | null> => {
    setError(null);
    try {
      return await call();
    } catch (caught) {
      setError(errorMessage(caught, fallback));
      return null;
    }
  };
  const dropStrandWarning = () => {
    if (!strand) return;
    setStrand(false);
    setError(null);
  };
  return { error, strand, close, submit, ask, dropStrandWarning };
}
