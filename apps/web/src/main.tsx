/**
 * Entry of the SPA (DESIGN "Web"): i18n, providers (000 §2 frame), the data router and, beside it,
 * the one preview overlay (001 §2) — outside the routes so a file opened while a route's code is
 * still loading (a public share link, opened by its route loader) shows at once.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './lib/i18n.ts';
import './app/app.css';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { PreviewOverlay } from './features/preview/components/preview-overlay.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
      <PreviewOverlay />
    </Providers>
  </StrictMode>,
);
