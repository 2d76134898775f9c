/**
 * Open state of a sidebar layout's sidebar (spec 000 §3 client storage: the `sidebarOpen` cookie of
 * the document and project groups, `adminSidebarOpen` of the administration group). Where `transient`
 * holds — /projectFile with its own folder tree, a narrow screen in the administration group — the
 * sidebar starts folded and its opening is not remembered; elsewhere the cookie keeps it ('0' folded).
 *
 * Shape: `useSidebarOpen(cookie, transient)` → `{ expanded, toggle, fold }`; `fold()` folds a transient
 * opening (after a choice on a phone) and does nothing otherwise.
 */
import { useState } from 'react';
import { getCookie, setCookie } from '../lib/cookie.ts';

/** See the module docstring. */
export function useSidebarOpen(
  cookie: string,
  transient = false,
): { expanded: boolean; toggle: () => void; fold: () => void } {
  const [open, setOpen] = useState(() => getCookie(cookie) !== '0');
  const [openTransient, setOpenTransient] = useState(false);
  const toggle = () => {
    if (transient) return setOpenTransient((o) => !o);
    setOpen((o) => {
      setCookie(cookie, o ? '0' : '1');
      return !o;
    });
  };
  return { expanded: transient ? openTransient : open, toggle, fold: () => setOpenTransient(false) };
}
