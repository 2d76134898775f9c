/**
 * The 获取验证码 button's state (issue 4; 000 §3 phone form `code`): `send()` runs `onSend` (validate
 * the phone and send) and counts down the seconds it resolves to (60 after a send, or the seconds the
 * server gives when a code went out less than 60 s ago; 0 when nothing was sent), one a second.
 * Shared by the antd field of the signed-in app (sms-code-input.tsx) and the light one of /login
 * (sms-code-field.tsx).
 */
import { useEffect, useState } from 'react';

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
