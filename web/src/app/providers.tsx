import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * App-wide providers. Cloudscape's French labels (I18nProvider) are given by the staff shell, not
 * here: the message formatter would weigh on every public page.
 */
export function Providers({ queryClient, children }: ProvidersProps) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
