/**
 * A round avatar drawn like antd 6's Avatar (circle, 1 px transparent border, white text, image
 * covering it; an image that fails to load falls back to the text) without antd's Avatar code
 * (issue 17 "Weight and speed": the top bar's account trigger on /myDocument's first view).
 */
import { useState, type CSSProperties, type ReactElement, type ReactNode } from 'react';

/** Props of LightAvatar. */
export interface LightAvatarProps {
  /** Diameter in CSS px. */
  size: number;
  src?: string;
  /** Background behind the text (antd's default is rgba(0,0,0,.25)). */
  background?: string;
  children?: ReactNode;
}

/** The avatar: `src` when it loads, else `children` (a letter or an icon) centred. */
export function LightAvatar({
  size,
  src,
  background = 'rgba(0, 0, 0, 0.25)',
  children,
}: LightAvatarProps): ReactElement {
  const [failed, setFailed] = useState<string | null>(null);
  const image = src && failed !== src;
  const style: CSSProperties = {
    position: 'relative',
    boxSizing: 'border-box',
    display: 'inline-flex',
    justifyContent: 'center',
    alignItems: 'center',
    overflow: 'hidden',
    width: size,
    height: size,
    color: '#fff',
    fontSize: image ? size / 2 : 18,
    lineHeight: 1.5714285714285714,
    whiteSpace: 'nowrap',
    textAlign: 'center',
    verticalAlign: 'middle',
    background,
    border: '1px solid transparent',
    borderRadius: '50%',
  };
  return (
    <span className="lt-avatar" style={style}>
      {image ? (
        <img
          src={src}
          alt=""
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
          onError={() => setFailed(src)}
        />
      ) : (
        <span className="lt-avatar-string">{children}</span>
      )}
    </span>
  );
}
