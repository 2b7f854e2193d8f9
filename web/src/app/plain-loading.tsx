import { layoutMessages } from '../../../shared/messages/navigation';

/**
 * Loading placeholder of the entry chunk: plain markup, no Cloudscape, so that the first download
 * of a public page stays small. Pages show Cloudscape spinners once their chunk is there.
 */
export function PlainLoading() {
  return (
    <div role="status" aria-live="polite" style={{ padding: '64px 16px', textAlign: 'center', color: '#5f6b7a', fontFamily: 'system-ui, sans-serif' }}>
      {layoutMessages.loading}
    </div>
  );
}
