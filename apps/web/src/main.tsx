import '@mantine/core/styles.css';
import 'virtual:pulso-theme.css';
import './styles/global.css';
import { setBrazilianZodMessages } from '@pulso/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { forgetCopyOfEndedSessions } from './features/qrcode/cartao/cartao-copy.ts';
import { configureApi } from './lib/api.ts';
import { queryClient } from './lib/query-client.ts';
import { registerServiceWorkerOnLoad } from './lib/service-worker.ts';

// The forms answer a field the domain's schemas leave unnamed with the same pt-BR words as the server.
setBrazilianZodMessages();

const router = createAppRouter();

// The global 401 rule (docs/architecture.md "Session and the 401 rule") empties the cache and navigates
// inside the SPA.
configureApi({
  clearCache: () => queryClient.clear(),
  navigate: (to) => void router.navigate(to),
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// The offline shell and the patient's card at /cartao (docs/offline-card.md); push uses the same worker.
registerServiceWorkerOnLoad();
forgetCopyOfEndedSessions();
