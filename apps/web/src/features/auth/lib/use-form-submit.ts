/**
 * `useFormSubmit` (issue 17 code health): the submit step the account forms share (spec 000 §3
 * Personal / Password / Phone forms and the set-password dialog): validate the antd form — an
 * invalid one shows its messages and runs nothing — then run the change with `busy` set for the
 * button's spinner. A refusal was shown already (the API client toasts the server's message), so a
 * throwing `run` only ends the wait; a form that words errors itself catches them in `run`.
 */
import type { FormInstance } from 'antd';
import { useState } from 'react';

/** Options of `useFormSubmit`. */
export interface FormSubmitOptions {
  /** Stay busy after a success (the password change, which signs out a second later). */
  keepBusyOnSuccess?: boolean;
}

/** Returns `busy` and `submit()`, which validates `form` and runs `run` with its values. */
export function useFormSubmit<V>(
  form: FormInstance<V>,
  run: (values: V) => Promise<void>,
  { keepBusyOnSuccess = false }: FormSubmitOptions = {},
): { busy: boolean; submit: () => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await run(values);
      if (!keepBusyOnSuccess) setBusy(false);
    } catch {
      setBusy(false); // shown by the API client
    }
  };
  return { busy, submit };
}
