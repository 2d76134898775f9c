/**
 * Code loaded on first use and shown without React.lazy (issue 17 "Weight and speed"; issue 13 first
 * drawn frame). React holds a Suspense boundary's content back until 300 ms after its fallback was
 * shown (react-dom's FALLBACK_THROTTLE_MS), so a viewer whose chunk was already loaded, or arrived
 * 20 ms later, still appeared 300 ms late — once for the preview overlay, once more for the drawing or
 * PDF viewer inside it. A `ModuleLoader` loads a module once and says synchronously whether it has;
 * `useLoadedModule` renders it at once when it has, and otherwise re-renders when it arrives (a state
 * update, not a Suspense retry, so nothing is held back).
 *
 * Shapes: `moduleLoader(load)` → `{ load(): Promise<M>, loaded(): M | null }` (a failed load is
 * tried again on the next `load()`); `useLoadedModule(loader, wanted?)` → the module, the load's
 * Error, or null while loading (or while not `wanted`); `useRequiredModule(loader, wanted?)` → the
 * module or null, throwing the load's Error to the nearest error boundary (as a lazy component's
 * failure would reach it).
 */
import { useEffect, useState } from 'react';

/** One lazily loaded module. */
export interface ModuleLoader<M> {
  /** Start (once) or join the load. */
  load(): Promise<M>;
  /** The module when it has loaded, else null. */
  loaded(): M | null;
}

/** A loader of the module `load` resolves to (see the module docstring). */
export function moduleLoader<M>(load: () => Promise<M>): ModuleLoader<M> {
  let done: M | null = null;
  let pending: Promise<M> | null = null;
  return {
    load() {
      pending ??= load().then(
        (m) => (done = m),
        (err: unknown) => {
          pending = null;
          throw err;
        },
      );
      return pending;
    },
    loaded: () => done,
  };
}

/** The module of `loader` once loaded (loading it when `wanted`), its load's Error, or null meanwhile. */
export function useLoadedModule<M>(loader: ModuleLoader<M>, wanted = true): M | Error | null {
  const [failed, setFailed] = useState<Error | null>(null);
  const [, setArrived] = useState(0);
  const mod = loader.loaded();
  useEffect(() => {
    if (!wanted || mod) return;
    let live = true;
    loader.load().then(
      () => live && setArrived((n) => n + 1),
      (e: unknown) => live && setFailed(e instanceof Error ? e : new Error(String(e))),
    );
    return () => {
      live = false;
    };
  }, [loader, wanted, mod]);
  return mod ?? failed;
}

/** The module of `loader` once loaded, or null meanwhile; a failed load throws to the nearest error boundary. */
export function useRequiredModule<M>(loader: ModuleLoader<M>, wanted = true): M | null {
  const mod = useLoadedModule(loader, wanted);
  if (mod instanceof Error) throw mod;
  return mod;
}
