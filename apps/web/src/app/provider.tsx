import * as Tooltip from '@radix-ui/react-tooltip';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ToastProvider } from '../components/toast/toast.js';
import { useOutageRecovery } from '../hooks/use-outage-recovery.js';
import { trackDeviceAttributes } from '../lib/device.js';
import { TimeModeProvider } from '../lib/time-mode.js';
import { createTrpcClient, type TrpcClient } from '../lib/trpc.js';
import { TrpcProvider } from '../lib/trpc-provider.js';
import { createQueryClient } from './query-client.js';

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own clients; the app creates them once. */
  queryClient?: QueryClient;
  trpcClient?: TrpcClient;
}

export function AppProvider({ children, queryClient, trpcClient }: AppProviderProps) {
  const [qc] = useState(() => queryClient ?? createQueryClient());
  const [tc] = useState(() => trpcClient ?? createTrpcClient());
  useEffect(() => trackDeviceAttributes(window), []);
  useOutageRecovery(qc);
  return (
    <TrpcProvider client={tc} queryClient={qc}>
      <QueryClientProvider client={qc}>
        <TimeModeProvider>
          <Tooltip.Provider delayDuration={300}>
            <ToastProvider>{children}</ToastProvider>
          </Tooltip.Provider>
        </TimeModeProvider>
      </QueryClientProvider>
    </TrpcProvider>
  );
}
