import './app/csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { router } from './app/router';
import './app/styles.css';

// Antd's motion follows the system's 'reduce motion' setting (WCAG 2.3.3): no zooms or slides.
const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

// The identifier prefix keeps React ids (and antd's theme CSS-variable keys, derived from them)
// apart from those of pdfme's Designer, which renders into its own React root.
createRoot(document.getElementById('root')!, { identifierPrefix: 'mc-' }).render(
  <StrictMode>
    <ConfigProvider theme={{ token: { colorPrimary: '#1677ff', borderRadius: 8, motion: !reducedMotion } }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  </StrictMode>,
);
