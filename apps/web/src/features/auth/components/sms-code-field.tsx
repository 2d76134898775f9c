/**
 * The sign-in page's verification-code field with its 获取验证码 button (issue 4; 000 §3 phone form
 * `code`), drawn without antd (issue 17: /login ships no antd; sms-code-input.tsx is the antd one of
 * the signed-in app): after a send the button counts down 60 s (N秒后重新获取) and is disabled; when
 * the server says a code went out less than 60 s ago, it counts down the seconds it gives.
 */
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LightButton, LightInput } from '../../../components/light/light-controls.tsx';
import { SafetyIcon } from '../../../components/light/light-icons.tsx';
import '../i18n.ts';
import { useSmsCodeControls } from '../lib/use-sms-countdown.ts';

/** Props of SmsCodeField. */
export interface SmsCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Validate the phone and send; resolves to the countdown in seconds (0: nothing sent). */
  onSend: () => Promise<number>;
  invalid?: boolean;
  describedBy?: string;
  'data-testid'?: string;
}

/** The code input with its send button, side by side. */
export function SmsCodeField({
  value,
  onChange,
  onBlur,
  onSend,
  invalid,
  describedBy,
  'data-testid': testId,
}: SmsCodeFieldProps): ReactElement {
  const { t } = useTranslation('auth');
  const { input, button, label } = useSmsCodeControls({ onSend, onChange, testId });

  return (
    <div className="lt-compact">
      <LightInput
        size="large"
        value={value}
        {...input}
        onBlur={onBlur}
        prefix={<SafetyIcon />}
        aria-label={t('sms.code')}
        aria-describedby={describedBy}
        invalid={invalid}
      />
      <LightButton size="large" {...button}>
        {label}
      </LightButton>
    </div>
  );
}
