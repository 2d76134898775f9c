/**
 * A loading cover over a block (antd `<Spin spinning>` around content, issue 17 "Weight and speed":
 * the file table and grid show it without loading antd Spin). While `spinning`, the content is dimmed
 * and inert and LightSpin's four dots turn over it, centred in its first 400 px as antd places them.
 */
import type { ReactElement, ReactNode } from 'react';
import { LightSpin } from './light-controls.tsx';
import './light-spinning.css';

/** Props of LightSpinning. */
export interface LightSpinningProps {
  spinning: boolean;
  children: ReactNode;
}

/** `children` under a loading cover while `spinning`. */
export function LightSpinning({ spinning, children }: LightSpinningProps): ReactElement {
  return (
    <div className="lt-spinning" aria-busy={spinning || undefined}>
      {spinning && (
        <div className="lt-spinning-cover">
          <LightSpin />
        </div>
      )}
      <div className={spinning ? 'lt-spinning-content lt-spinning-blur' : 'lt-spinning-content'}>
        {children}
      </div>
    </div>
  );
}
