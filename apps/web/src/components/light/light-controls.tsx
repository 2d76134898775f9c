/**
 * Small accessible controls of the public pages /login and /s (issue 17 "Weight and speed": those
 * pages load without antd). Drawn like antd 6's Button, Input, Input.Password, Space.Compact,
 * Form.Item, Tabs, Alert and Spin by light.css; the signed-in app keeps antd.
 */
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type CSSProperties,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { EyeIcon, EyeInvisibleIcon, InfoCircleFilledIcon, LoadingIcon } from './light-icons.tsx';
import './light.css';

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/** Two CJK characters get a space between them, as antd's bordered buttons show them (登 录). */
const spaced = (children: ReactNode): ReactNode =>
  typeof children === 'string' && /^[\u4e00-\u9fa5]{2}$/.test(children)
    ? children.split('').join(' ')
    : children;

/** Props of LightButton. */
export interface LightButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'link';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

/** A button (antd Button look); while `loading` it shows a spinner and ignores clicks. */
export function LightButton({
  variant = 'default',
  size = 'middle',
  block,
  loading,
  icon,
  className,
  children,
  type = 'button',
  onClick,
  ...rest
}: LightButtonProps): ReactElement {
  return (
    <button
      {...rest}
      type={type}
      aria-busy={loading || undefined}
      className={cx(
        'lt-btn',
        variant !== 'default' && `lt-btn-${variant}`,
        size === 'large' && 'lt-btn-lg',
        size === 'small' && 'lt-btn-sm',
        block && 'lt-btn-block',
        loading && 'lt-btn-loading',
        className,
      )}
      onClick={(e) => {
        if (loading) {
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
    >
      {loading ? <LoadingIcon className="lt-icon-spin" /> : icon}
      {children !== undefined && <span>{variant === 'link' || icon ? children : spaced(children)}</span>}
    </button>
  );
}

/** Props of LightInput. */
export interface LightInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'prefix'> {
  size?: 'middle' | 'large';
  prefix?: ReactNode;
  /** Draw the error state (red border and prefix). */
  invalid?: boolean;
  /** A password field with the show / hide eye (antd Input.Password). */
  password?: boolean;
  /** Class of the wrapper. */
  wrapperClassName?: string;
}

/** A text field with an optional prefix icon (antd Input with its affix wrapper); `password` adds the eye. */
export function LightInput({
  size = 'middle',
  prefix,
  invalid,
  password,
  wrapperClassName,
  type,
  ...rest
}: LightInputProps): ReactElement {
  const [visible, setVisible] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const Eye = visible ? EyeIcon : EyeInvisibleIcon;
  return (
    <span
      className={cx(
        'lt-input',
        size === 'large' && 'lt-input-lg',
        invalid && 'lt-input-error',
        wrapperClassName,
      )}
      onMouseDown={(e) => {
        // A press on the wrapper (around the text) puts the caret in the field, as antd does.
        if (e.target !== input.current) {
          e.preventDefault();
          input.current?.focus();
        }
      }}
    >
      {prefix && <span className="lt-input-prefix">{prefix}</span>}
      <input
        {...rest}
        ref={input}
        type={password ? (visible ? 'text' : 'password') : type}
        aria-invalid={invalid || undefined}
      />
      {password && (
        <span className="lt-input-suffix">
          <span onClick={() => setVisible((v) => !v)}>
            <Eye className="lt-input-eye" />
          </span>
        </span>
      )}
    </span>
  );
}

/** Props of LightField. */
export interface LightFieldProps {
  /** The error message (null: valid). */
  error?: string | null;
  /** A hint below the control (antd Form.Item `extra`). */
  extra?: ReactNode;
  /** The control; gets the ids of the message through `describedBy`. */
  children: (describedBy: string | undefined) => ReactNode;
}

/** A form field: its control, then its error and hint below (antd Form.Item spacing). */
export function LightField({ error, extra, children }: LightFieldProps): ReactElement {
  const id = useId();
  const ids = [error && `${id}-error`, extra && `${id}-extra`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('lt-field', error && 'lt-field-with-help')}>
      {children(ids)}
      {(error || extra) && (
        <div className="lt-field-additional">
          {error && (
            <div id={`${id}-error`} role="alert" className="lt-field-error">
              {error}
            </div>
          )}
          {extra && (
            <div id={`${id}-extra`} className="lt-field-extra">
              {extra}
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** One tab of LightTabs. */
export interface LightTab<K extends string> {
  key: K;
  label: ReactNode;
  children: ReactNode;
}

/** Props of LightTabs. */
export interface LightTabsProps<K extends string> {
  activeKey: K;
  onChange: (key: K) => void;
  items: LightTab<K>[];
}

/**
 * Tabs (antd Tabs look, WAI-ARIA tabs: arrows, Home and End move between them). A pane stays mounted
 * (hidden) once it has been shown, so its fields keep their state, as antd's do.
 */
export function LightTabs<K extends string>({ activeKey, onChange, items }: LightTabsProps<K>): ReactElement {
  const id = useId();
  const [shown, setShown] = useState<ReadonlySet<K>>(() => new Set([activeKey]));
  if (!shown.has(activeKey)) setShown(new Set([...shown, activeKey]));
  const tabs = useRef(new Map<K, HTMLButtonElement>());
  const [ink, setInk] = useState<{ left: number; width: number } | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const el = tabs.current.get(activeKey);
      if (el) setInk({ left: el.offsetLeft, width: el.offsetWidth });
    };
    measure();
    // Fonts and the language change the tabs' widths.
    const observer = new ResizeObserver(measure);
    for (const el of tabs.current.values()) observer.observe(el);
    return () => observer.disconnect();
  }, [activeKey, items.length]);

  const onKeyDown = (e: KeyboardEvent) => {
    const at = items.findIndex((i) => i.key === activeKey);
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % items.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    const next = items[to]!.key;
    onChange(next);
    tabs.current.get(next)?.focus();
  };

  return (
    <div className="lt-tabs">
      <div className="lt-tabs-nav" role="tablist" onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.key}
            ref={(el) => {
              if (el) tabs.current.set(item.key, el);
              else tabs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-selected={item.key === activeKey}
            aria-controls={`${id}-panel-${item.key}`}
            tabIndex={item.key === activeKey ? 0 : -1}
            className="lt-tab"
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        ))}
        {ink && <div className="lt-tabs-ink" style={{ left: ink.left, width: ink.width }} />}
      </div>
      {items.map((item) =>
        shown.has(item.key) ? (
          <div
            key={item.key}
            role="tabpanel"
            id={`${id}-panel-${item.key}`}
            aria-labelledby={`${id}-tab-${item.key}`}
            hidden={item.key !== activeKey}
          >
            {item.children}
          </div>
        ) : null,
      )}
    </div>
  );
}

/** Props of LightAlert. */
export interface LightAlertProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/** An information notice with icon, title, description and an action (antd Alert type info). */
export function LightAlert({ title, description, action, style, className }: LightAlertProps): ReactElement {
  return (
    <div role="alert" className={cx('lt-alert', className)} style={style}>
      <InfoCircleFilledIcon className="lt-alert-icon" />
      <div className="lt-alert-content">
        <div className="lt-alert-title">{title}</div>
        {description && <div className="lt-alert-description">{description}</div>}
      </div>
      {action && <div className="lt-alert-actions">{action}</div>}
    </div>
  );
}

/** A loading indicator (antd Spin look) with an optional text below. */
export function LightSpin({
  size = 'default',
  description,
}: {
  size?: 'default' | 'large';
  description?: ReactNode;
}): ReactElement {
  return (
    <div className={cx('lt-spin', size === 'large' && 'lt-spin-lg')} role="status" aria-live="polite">
      <span className="lt-spin-dot" aria-hidden>
        <i />
        <i />
        <i />
        <i />
      </span>
      {description && <div className="lt-spin-description">{description}</div>}
    </div>
  );
}
