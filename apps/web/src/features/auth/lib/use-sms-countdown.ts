/**
 * The 获取验证码 button's state (issue 4; 000 §3 phone form `code`): `send()` runs `onSend` (validate
 * the phone and send) and counts down the seconds it resolves to (60 after a send, or the seconds the
 * server gives when a code went out less than 60 s ago; 0 when nothing was sent), one a second.
 * Shared by the antd field of the signed-in app (sms-code-input.tsx) and the light one of /login
 * (sms-code-field.tsx), which take their input's and button's props from `useSmsCodeControls`.
 */
import { useEffect, useState, type ChangeEvent, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';

/** What the send button shows: seconds left (0: may send), whether a send runs, and the action. */
export interface SmsCountdown {
  left: number;
  sending: boolean;
  send: () => Promise<void>;
}

/** Countdown state for one code field; `onSend` resolves to the seconds to count down. */
export function useSmsCountdown(onSend: () => Promise<number>): SmsCountdown {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      setLeft(await onSend());
    } finally {
      setSending(false);
    }
  };
  return { left, sending, send };
}

/** The props a code field gives its input and its send button (antd or light controls alike). */
export interface SmsCodeControls {
  input: {
    onChange: (e: ChangeEvent<HTMLInputElement>) => void;
    placeholder: string;
    inputMode: 'numeric';
    autoComplete: 'one-time-code';
    maxLength: number;
    'data-testid': string | undefined;
  };
  button: {
    onClick: () => void;
    loading: boolean;
    disabled: boolean;
    style: CSSProperties;
    'data-testid': string | undefined;
  };
  /** The button's text: 获取验证码, or N秒后重新获取 while counting down. */
  label: string;
}

/**
 * Input and button props of a code field: the input keeps digits only, at most 6 (`onChange` gets
 * them), with the 验证码 placeholder and one-time-code autofill; the button sends and counts down
 * (useSmsCountdown), disabled while counting. `testId` marks the input, `${testId}-send` the button.
 */
export function useSmsCodeControls({
  onSend,
  onChange,
  testId,
}: {
  onSend: () => Promise<number>;
  onChange: ((value: string) => void) | undefined;
  testId: string | undefined;
}): SmsCodeControls {
  const { t } = useTranslation('auth');
  const { left, sending, send } = useSmsCountdown(onSend);
  return {
    input: {
      onChange: (e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6)),
      placeholder: t('sms.code'),
      inputMode: 'numeric',
      autoComplete: 'one-time-code',
      maxLength: 6,
      'data-testid': testId,
    },
    button: {
      onClick: () => void send(),
      loading: sending,
      disabled: left > 0,
      style: { minWidth: 128 },
      'data-testid': testId ? `${testId}-send` : undefined,
    },
    label: left > 0 ? t('sms.resend', { s: left }) : t('sms.send'),
  };
}
