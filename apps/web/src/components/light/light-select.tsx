/**
 * A small select (issue 17 "Weight and speed": antd's Select brings @rc-component/select and its
 * virtual list, ~20 KB gzip, into the file list's first load for two short lists, the search scope
 * and the page size). Drawn like antd 6's Select (outlined, middle or small) with its dropdown:
 * a `combobox` that opens a `listbox` of `option`s (each with its label as `title`, as antd's
 * options have); arrows move, Enter / Space choose, Escape and Tab close, a click outside closes.
 * The list opens upwards when there is no room below.
 */
import { DownOutlined } from '@ant-design/icons';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactElement,
} from 'react';
import './light-select.css';

/** One choice of LightSelect. */
export interface LightSelectOption<V extends string | number> {
  value: V;
  label: string;
}

/** Props of LightSelect. */
export interface LightSelectProps<V extends string | number> {
  value: V;
  options: LightSelectOption<V>[];
  onChange: (value: V) => void;
  size?: 'small' | 'middle';
  'aria-label'?: string;
  'data-testid'?: string;
  className?: string;
  style?: CSSProperties;
}

/** The select: its value in a box with a down arrow; the options below (or above) while open. */
export function LightSelect<V extends string | number>(props: LightSelectProps<V>): ReactElement {
  const { value, options, onChange } = props;
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [up, setUp] = useState(false);
  const [active, setActive] = useState(0);
  const selectedIndex = Math.max(
    0,
    options.findIndex((o) => o.value === value),
  );
  const label = options[selectedIndex]?.label ?? String(value);

  const show = () => {
    const rect = root.current?.getBoundingClientRect();
    const height = options.length * 32 + 8;
    setUp(
      !!rect && window.innerHeight - rect.bottom < height + 8 && rect.top > window.innerHeight - rect.bottom,
    );
    setActive(selectedIndex);
    setOpen(true);
  };
  const choose = (v: V) => {
    setOpen(false);
    if (v !== value) onChange(v);
  };

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!open) {
      if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        show();
      }
      return;
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + options.length) % options.length);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const o = options[active];
      if (o) choose(o.value);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div
      ref={root}
      className={[
        'lt-select',
        props.size === 'small' && 'lt-select-sm',
        open && 'lt-select-open',
        props.className,
      ]
        .filter(Boolean)
        .join(' ')}
      style={props.style}
      data-testid={props['data-testid']}
    >
      <div
        role="combobox"
        tabIndex={0}
        className="lt-select-selector"
        aria-label={props['aria-label']}
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-controls={open ? `${id}-list` : undefined}
        aria-activedescendant={open ? `${id}-${active}` : undefined}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      >
        <span className="lt-select-value" title={label}>
          {label}
        </span>
        <DownOutlined className="lt-select-arrow" />
      </div>
      {open && (
        <div
          role="listbox"
          id={`${id}-list`}
          className={`lt-select-dropdown${up ? ' lt-select-dropdown-up' : ''}`}
          // Keeps the focus (and so the list) on the box while an option is pressed.
          onMouseDown={(e) => e.preventDefault()}
        >
          {options.map((o, i) => (
            <div
              key={String(o.value)}
              id={`${id}-${i}`}
              role="option"
              title={o.label}
              aria-selected={o.value === value}
              className={[
                'lt-select-option',
                i === active && 'lt-select-option-active',
                o.value === value && 'lt-select-option-selected',
              ]
                .filter(Boolean)
                .join(' ')}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(o.value)}
            >
              {o.label}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
