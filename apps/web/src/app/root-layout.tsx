/**
 * Root of every route (spec 000 §2 "Navigation guard" step 1): on every navigation a progress bar runs,
 * the page title becomes "route title - product name", and the preview container is closed (the one
 * preview overlay itself is mounted beside the router, see main.tsx).
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { TopProgressBar } from '../components/top-progress-bar.tsx';
import { usePreview } from '../stores/preview-store.ts';
import './i18n.ts';

/** Route `handle` carrying the title key under `app:title.*`. */
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
  const matches = useMatches();
  const [pulse, setPulse] = useState(false);

  const titleKey = [...matches]
    .reverse()
    .map((m) => m.handle)
    .find(isRouteHandle)?.title;
  const product = t('common:productName');
  useEffect(() => {
    document.title = titleKey ? `${t(`title.${titleKey}`)} - ${product}` : product;
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

  return (
    <>
      <TopProgressBar active={navigation.state !== 'idle' || pulse} />
      <Outlet />
    </>
  );
}
