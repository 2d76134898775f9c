/**
 * Root of every route (spec 000 §2 "Navigation guard" step 1): on every navigation a progress bar runs,
 * the page title becomes "route title - product name", and the preview container is closed (the one
 * preview overlay itself is mounted beside the router, see main.tsx). Step 7: about 20 ms after the
 * routes load, a signed-in company user still on /login is sent to /.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { TopProgressBar } from '../components/top-progress-bar.tsx';
import { useClientConfig } from '../features/auth/api/get-client-config.ts';
import { usePreview } from '../stores/preview-store.ts';
import { useSession } from '../stores/session-store.ts';
import { companyRedirectTarget } from './guard-rules.ts';
import './i18n.ts';

/** Delay of guard step 7 (000 §2: "Shortly after routes load (about 20 ms)"). */
export const COMPANY_REDIRECT_DELAY_MS = 20;

/** Route `handle` carrying the title key under `app:title.*`, or a namespaced key (`service:title.x`). */
export interface RouteHandle {
  title?: string;
}

function isRouteHandle(h: unknown): h is RouteHandle {
  return typeof h === 'object' && h !== null && 'title' in h && typeof h.title === 'string';
}

/** The root layout with the guard's per-navigation effects. */
export function RootLayout(): ReactElement {
  const { t } = useTranslation(['app', 'common']);
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const [pulse, setPulse] = useState(false);

  const titleKey = [...matches]
    .reverse()
    .map((m) => m.handle)
    .find(isRouteHandle)?.title;
  const product = useClientConfig().data?.productName || t('common:productName');
  useEffect(() => {
    // A key with a namespace (`service:title.x`) is used as is; others live under `app:title.*`.
    const title = titleKey ? t(titleKey.includes(':') ? titleKey : `title.${titleKey}`) : '';
    document.title = title ? `${title} - ${product}` : product;
  }, [titleKey, product, t]);

  // Navigating closes the preview; the first render does not (a share link may already have opened it).
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const here = location.pathname + location.search;
    if (seen.current !== null && seen.current !== here) usePreview.getState().close();
    seen.current = here;
    setPulse(true);
    const id = window.setTimeout(() => setPulse(false), 250);
    return () => window.clearTimeout(id);
  }, [location.pathname, location.search]);

  // Step 7: ~20 ms after the routes load, a company user still on /login goes to /.
  const user = useSession((st) => (st.token ? st.user : null));
  useEffect(() => {
    const id = window.setTimeout(() => {
      const target = companyRedirectTarget(location.pathname, user);
      if (target) void navigate(target, { replace: true });
    }, COMPANY_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [location.pathname, user, navigate]);

  return (
    <>
      <TopProgressBar active={navigation.state !== 'idle' || pulse} />
      <Outlet />
    </>
  );
}
