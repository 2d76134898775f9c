/**
 * Text search state of the bundled PDF viewer (spec 001 §2 "PDF: a bundled PDF viewer"): reads every
 * page's text (through the shared `PdfTextStore`, page by page, so results appear while a long
 * document is still being read), collects the matches in page order and keeps the current one. The
 * first match on or after the page being viewed becomes current as soon as it is found.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  findInPage,
  firstMatchFrom,
  normalizeQuery,
  stepMatch,
  type PdfMatch,
} from '../../lib/pdf-search.ts';
import type { PdfTextStore } from './pdf-text-store.ts';

/** What the viewer shows and does for search. */
export interface PdfSearch {
  /** Text in the search box. */
  query: string;
  setQuery: (q: string) => void;
  /** Matches found so far, in page order. */
  matches: PdfMatch[];
  /** Index of the current match in `matches`, −1 when none. */
  current: number;
  /** Pages are still being read. */
  searching: boolean;
  /** The matches are those of the text now in the box. */
  searched: boolean;
  /** Bumped on every move to a match (also to the same one), so the viewer reveals it again. */
  revealToken: number;
  /** Enter in the box: search now if the text changed, else step to the next/previous match. */
  enter: (backwards: boolean) => void;
  step: (dir: 1 | -1) => void;
}

/** Pause after typing before searching, ms. */
const DEBOUNCE_MS = 350;
/** Pages whose text is requested ahead of the one being searched. */
const READ_AHEAD = 4;

/**
 * Search hook. `store` is null until the document is open; `pageCount` its number of pages;
 * `currentPage()` answers the page being viewed when a search starts.
 */
export function usePdfSearch(
  store: PdfTextStore | null,
  pageCount: number,
  currentPage: () => number,
): PdfSearch {
  const [query, setQueryState] = useState('');
  const [result, setResult] = useState<{
    key: string;
    matches: PdfMatch[];
    current: number;
    searching: boolean;
  }>({ key: '', matches: [], current: -1, searching: false });
  const [revealToken, setRevealToken] = useState(0);
  const run = useRef(0);
  const pageRef = useRef(currentPage);
  pageRef.current = currentPage;

  const start = useCallback(
    (text: string) => {
      const id = ++run.current;
      const key = normalizeQuery(text);
      if (!store || !key) {
        setResult({ key, matches: [], current: -1, searching: false });
        return;
      }
      const from = pageRef.current();
      setResult({ key, matches: [], current: -1, searching: true });
      void (async () => {
        const matches: PdfMatch[] = [];
        let current = -1;
        let flushed = performance.now();
        // The user may step through matches while later pages are still read: keep their choice.
        const publish = (searching: boolean) =>
          setResult((r) => ({
            key,
            matches: [...matches],
            current: r.key === key && r.current >= 0 ? r.current : current,
            searching,
          }));
        for (let p = 1; p <= pageCount; p++) {
          // Ask for a few pages ahead so the worker is never idle between round trips.
          for (let q = p + 1; q <= Math.min(pageCount, p + READ_AHEAD); q++) store.index(q).catch(() => null);
          const index = await store.index(p).catch(() => null);
          if (run.current !== id) return;
          if (index) matches.push(...findInPage(index, key, p));
          const firstHere = current < 0 && p >= from && matches.length > 0;
          if (firstHere) current = firstMatchFrom(matches, from);
          // Show progress at most every 150 ms, and at once when the first match to show is found.
          if (firstHere || performance.now() - flushed > 150) {
            flushed = performance.now();
            publish(true);
            if (firstHere) setRevealToken((n) => n + 1);
          }
        }
        if (run.current !== id) return;
        const pickNow = current < 0 && matches.length > 0;
        if (pickNow) current = 0;
        publish(false);
        if (pickNow) setRevealToken((n) => n + 1);
      })();
    },
    [store, pageCount],
  );

  // Search a moment after typing stops.
  useEffect(() => {
    const key = normalizeQuery(query);
    if (key === result.key) return;
    const timer = setTimeout(() => start(query), key ? DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [query, result.key, start]);

  // A new document (store) starts afresh.
  useEffect(() => {
    run.current++;
    setResult({ key: '', matches: [], current: -1, searching: false });
  }, [store]);

  const step = useCallback((dir: 1 | -1) => {
    setResult((r) => {
      const next = stepMatch(r.current, r.matches.length, dir);
      return next === r.current && next < 0 ? r : { ...r, current: next };
    });
    setRevealToken((n) => n + 1);
  }, []);

  const enter = useCallback(
    (backwards: boolean) => {
      if (normalizeQuery(query) !== result.key) start(query);
      else step(backwards ? -1 : 1);
    },
    [query, result.key, start, step],
  );

  const setQuery = useCallback((q: string) => setQueryState(q), []);
  const searched = normalizeQuery(query) === result.key && result.key !== '';
  return {
    query,
    setQuery,
    matches: searched ? result.matches : [],
    current: searched ? result.current : -1,
    searching: searched && result.searching,
    searched,
    revealToken,
    enter,
    step,
  };
}
