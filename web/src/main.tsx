import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createRouter } from './app/router';
import { configureSessionExpiry } from './app/session-expiry';

const queryClient = createQueryClient();
const router = createRouter(queryClient);
configureSessionExpiry({
  navigate: (to) => router.navigate(to, { replace: true }),
  onSignedOut: () => queryClient.clear(),
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
