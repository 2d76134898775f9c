/**
 * A checkbox (issue 17 "Weight and speed": the file table's selection column loaded antd's
 * Checkbox, its wave effect and styles, on the first load of every file list). A native
 * `input type=checkbox` (its role, name and keyboard) drawn like antd 6's Checkbox: the 16 px box,
 * the primary fill with a white tick when checked, the square when indeterminate, hover and focus.
 */
import { useLayoutEffect, useRef, type ChangeEvent, type ReactElement } from 'react';
import './light-checkbox.css';

/** Props of LightCheckbox. */
export interface LightCheckboxProps {
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}

/** The box alone (no label text), as the table's selection cells use it. */
export function LightCheckbox(props: LightCheckboxProps): ReactElement {
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (input.current) input.current.indeterminate = !!props.indeterminate;
  }, [props.indeterminate]);
  const cls = [
    'lt-checkbox',
    props.checked && 'lt-checkbox-checked',
    props.indeterminate && 'lt-checkbox-indeterminate',
    props.disabled && 'lt-checkbox-disabled',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <label className={`lt-checkbox-wrapper${props.disabled ? ' lt-checkbox-wrapper-disabled' : ''}`}>
      <span className={cls}>
        <input
          ref={input}
          type="checkbox"
          className="lt-checkbox-input"
          aria-label={props['aria-label']}
          checked={props.checked}
          disabled={props.disabled}
          onChange={props.onChange}
        />
      </span>
    </label>
  );
}
