import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './app/query-client';
import { BookingPage } from './pages/booking/booking-page';

/**
 * The buyer's page /entrevue/{uuid} is its own entry (entrevue.html), not a route of the staff
 * SPA: opened from an SMS on a phone, it loads React, the query client and the page in one round
 * trip, without the router or a lazy chunk after the entry.
 */
function linkId(): string {
  const segment = window.location.pathname.split('/')[2] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    // A damaged link is sent as is: the server answers that it names no appointment (part 1 §2, §8).
    return segment;
  }
}

const uuid = linkId();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from entrevue.html');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <BookingPage uuid={uuid} />
    </QueryClientProvider>
  </StrictMode>,
);
