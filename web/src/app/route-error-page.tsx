import { messages } from '../../../shared/messages/common';

/**
 * A route failed to load (a chunk missing after a deployment, an unexpected exception). Plain
 * markup on purpose: it must show even when the Cloudscape chunks cannot be downloaded.
 */
export function RouteErrorPage() {
  return (
    <div role="alert" style={{ maxWidth: 560, margin: '64px auto', padding: 16, fontFamily: 'system-ui, sans-serif', color: '#0f141a' }}>
      <h1 style={{ fontSize: 22 }}>{messages.routeFailed}</h1>
      <p>{messages.routeFailedHelp}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{ padding: '8px 16px', borderRadius: 20, border: '2px solid #006ce0', background: '#fff', color: '#006ce0', fontWeight: 700, cursor: 'pointer' }}
      >
        {messages.reloadPage}
      </button>
    </div>
  );
}
