/**
 * The SPA itself (DESIGN "Web"), started by the entry (main.tsx): i18n, providers (000 §2 frame),
 * the data router and, beside it, the one preview overlay (001 §2) — outside the routes so a file
 * opened while a route's code is still loading (a public share link, opened by its route loader)
 * shows at once; its code loads when a file is first opened (preview-overlay-host.tsx). Sets the
 * user-timing mark `bimdrive:app-start` when its code starts. Ant Design and its providers load with
 * the first screen that uses them (providers.tsx `loadAntdRoot`): /login and /s start without them.
 * An English UI first loads the English texts of the namespaces its start-up code registered
 * (lib/i18n.ts `loadLanguageTexts`); a Chinese one renders at once.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './app.css';
import { Providers } from './providers.tsx';
import { router } from './router.tsx';
import { PreviewOverlayHost } from './preview-overlay-host.tsx';
import i18n, { loadLanguageTexts } from '../lib/i18n.ts';

performance.mark('bimdrive:app-start');

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        <PreviewOverlayHost />
      </Providers>
    </StrictMode>,
  );
if (i18n.language === 'zh-CN') render();
else void loadLanguageTexts().finally(render);
