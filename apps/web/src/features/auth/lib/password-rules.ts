/**
 * The confirm-password rule shared by the password forms (spec 000 §5 "Password change" and
 * "Set login password"): required, and equal to the field it confirms.
 */
import { AccountMessages } from '@bimdrive/contracts';
import type { FormRule } from 'antd';

/** Rules of a confirm field that must repeat the value of the field named `other`. */
export function confirmPasswordRules(other: string): FormRule[] {
  return [
    { required: true, message: AccountMessages.confirmRequired },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        !value || value === getFieldValue(other)
          ? Promise.resolve()
          : Promise.reject(new Error(AccountMessages.mismatch)),
    }),
  ];
}
