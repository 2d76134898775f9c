/** Route loader of the navigation guard (spec 000 §2 "Navigation guard" steps 4–5). */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { useSession } from '../stores/session-store.ts';
import { guardTarget } from './guard-rules.ts';

/** Route loader running the guard on every navigation to a leaf route. */
export function guardLoader({ request }: LoaderFunctionArgs): Response | null {
  const url = new URL(request.url);
  const target = guardTarget(url.pathname, url.search, Boolean(useSession.getState().token));
  return target ? redirect(target) : null;
}
