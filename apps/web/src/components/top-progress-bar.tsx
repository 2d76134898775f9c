/**
 * Thin top progress bar shown on every navigation (spec 000 §2 Navigation guard step 1: "A progress
 * bar starts"). An nprogress-like bar in the antd primary colour: it trickles towards 90% while
 * `active`, then completes and fades out. Plain React: it shows on the public pages, which load
 * without antd (issue 17).
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';

/** antd's primary colour in the app's theme (app/antd-root.tsx). */
const PRIMARY = '#1677ff';

/** Props of TopProgressBar. */
export interface TopProgressBarProps {
  active: boolean;
}

/** The navigation progress bar, fixed at the top of the viewport. */
export function TopProgressBar({ active }: TopProgressBarProps): ReactElement {
  const [percent, setPercent] = useState(0);
  const [visible, setVisible] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    window.clearInterval(timer.current);
    if (active) {
      setVisible(true);
      setPercent(12);
      timer.current = window.setInterval(() => setPercent((p) => (p < 90 ? p + (90 - p) * 0.12 : p)), 200);
      return () => window.clearInterval(timer.current);
    }
    setPercent((p) => (p > 0 ? 100 : 0));
    const hide = window.setTimeout(() => {
      setVisible(false);
      setPercent(0);
    }, 350);
    return () => window.clearTimeout(hide);
  }, [active]);

  return (
    <div
      role="progressbar"
      aria-hidden={!visible}
      aria-valuenow={Math.round(percent)}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 2,
        zIndex: 3000,
        width: `${percent}%`,
        background: PRIMARY,
        boxShadow: `0 0 8px ${PRIMARY}`,
        opacity: visible ? 1 : 0,
        transition: 'width 200ms ease, opacity 300ms ease 100ms',
        pointerEvents: 'none',
      }}
    />
  );
}
