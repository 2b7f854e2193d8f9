import Alert from '@cloudscape-design/components/alert';

/**
 * The server's strand warning (part 2 §5) in a forced-booking or move dialog: a warning the
 * staff member may confirm, not an error, with the buyers it names.
 */
export function StrandWarningAlert({ text }: { text: string }) {
  return (
    <Alert type="warning" statusIconAriaLabel="Avertissement" header="Des acquéreurs n'auraient plus de place">
      {text}
    </Alert>
  );
}
