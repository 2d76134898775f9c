/**
 * Field values and validation of the sign-in page's light forms (issue 17: the page is drawn without
 * antd), with antd Form's timing: a field checks its rules on change (or on blur when it says so),
 * and every field on submit; messages show until the field is valid again.
 */
import { useRef, useState } from 'react';

/** A field's rule: its message when `value` breaks it, else null. */
export type FieldRule = (value: string) => string | null;

/** Rules of a field, with when they run besides submit (default: on change). */
export interface FieldSpec {
  rules: FieldRule[];
  trigger?: 'change' | 'blur';
}

/** The light form of fields `K`. */
export interface LightForm<K extends string> {
  values: Record<K, string>;
  errors: Partial<Record<K, string | null>>;
  /** Set a field from its control (checks it when its trigger is change). */
  change: (name: K, value: string) => void;
  /** The field lost the focus (checks it when its trigger is blur). */
  blur: (name: K) => void;
  /** Set values without checking them; clears their messages. */
  setValues: (values: Partial<Record<K, string>>) => void;
  /** Check `names` (default: every field); true when all are valid. */
  validate: (names?: K[]) => boolean;
  /** The current value of a field (also between renders). */
  get: (name: K) => string;
}

/** Keep the values and messages of a form with `specs`, starting from `initial`. */
export function useLightForm<K extends string>(
  specs: Record<K, FieldSpec>,
  initial: Record<K, string>,
): LightForm<K> {
  const [values, setValuesState] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string | null>>>({});
  const latest = useRef(values);
  const names = Object.keys(specs) as K[];

  const check = (name: K, value: string): string | null => {
    for (const rule of specs[name].rules) {
      const message = rule(value);
      if (message) return message;
    }
    return null;
  };

  const put = (next: Record<K, string>) => {
    latest.current = next;
    setValuesState(next);
  };

  return {
    values,
    errors,
    change: (name, value) => {
      put({ ...latest.current, [name]: value });
      if ((specs[name].trigger ?? 'change') === 'change')
        setErrors((e) => ({ ...e, [name]: check(name, value) }));
    },
    blur: (name) => {
      if (specs[name].trigger === 'blur')
        setErrors((e) => ({ ...e, [name]: check(name, latest.current[name]) }));
    },
    setValues: (partial) => {
      put({ ...latest.current, ...partial });
      setErrors((e) => {
        const next = { ...e };
        for (const name of Object.keys(partial) as K[]) next[name] = null;
        return next;
      });
    },
    validate: (only = names) => {
      const found: Partial<Record<K, string | null>> = {};
      for (const name of only) found[name] = check(name, latest.current[name]);
      setErrors((e) => ({ ...e, ...found }));
      return only.every((name) => !found[name]);
    },
    get: (name) => latest.current[name],
  };
}

/** Rule: a value is required (blank counts as empty when `trim`). */
export const required =
  (message: string, trim = false): FieldRule =>
  (value) =>
    (trim ? value.trim() : value) ? null : message;

/** Rule: a non-empty value matches `pattern`. */
export const matches =
  (pattern: RegExp, message: string): FieldRule =>
  (value) =>
    !value || pattern.test(value) ? null : message;
