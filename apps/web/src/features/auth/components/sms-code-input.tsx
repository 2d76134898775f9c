/**
 * A verification-code field with its 获取验证码 button (issue 4; 000 §3 phone form `code`): after a
 * send the button counts down 60 s (N秒后重新获取) and is disabled; when the server says a code went
 * out less than 60 s ago, it counts down the seconds it gives. Used inside a `Form.Item` (value /
 * onChange come from the form).
 */
import { SafetyOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import type { ReactElement } from 'react';
import { useSmsCodeControls } from '../lib/use-sms-countdown.ts';

/** Props of SmsCodeInput. */
export interface SmsCodeInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Validate the phone and send; resolves to the countdown in seconds (0: nothing sent). */
  onSend: () => Promise<number>;
  size?: 'large' | 'middle';
  /** Show the shield icon inside the field (sign-in page). */
  withIcon?: boolean;
  'data-testid'?: string;
}

/** The code input with its send button. */
export function SmsCodeInput({
  value,
  onChange,
  onSend,
  size,
  withIcon,
  'data-testid': testId,
}: SmsCodeInputProps): ReactElement {
  const { input, button, label } = useSmsCodeControls({ onSend, onChange, testId });

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input value={value} {...input} prefix={withIcon ? <SafetyOutlined /> : undefined} size={size} />
      <Button size={size} {...button}>
        {label}
      </Button>
    </Space.Compact>
  );
}
