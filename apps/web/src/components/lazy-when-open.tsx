/**
 * Code loaded on first use (issue 17 "Weight and speed"): a dialog, panel or popup whose module is
 * fetched the first time it opens, so it is not part of a page's first load. Once loaded it stays
 * mounted, so closing it animates as before and its state survives like a static one's.
 */
import { lazy, Suspense, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';

/**
 * A component rendering nothing until `isOpen(props)` is first true, then the component `load`
 * resolves to (fetched then), kept mounted afterwards. `fallback` shows while it loads.
 */
export function lazyWhenOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
  fallback: ReactNode = null,
): (props: P) => ReactElement | null {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyWhenOpen(props: P): ReactElement | null {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened && !open) return null;
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyWhenOpen;
}
