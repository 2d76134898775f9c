// @vitest-environment jsdom
/**
 * The two verification-code fields (issue 4; 000 §3 phone form `code`), the light SmsCodeField of
 * /login and the antd SmsCodeInput of the signed-in app, share useSmsCodeControls: the input keeps
 * digits only (at most 6); 获取验证码 sends and then counts down the seconds the send resolves to,
 * disabled meanwhile; nothing sent (0) leaves it enabled.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SmsCodeField } from './sms-code-field.tsx';
import { SmsCodeInput } from './sms-code-input.tsx';
import '../../../test/render.tsx';

function Field({ onSend }: { onSend: () => Promise<number> }): ReactElement {
  const [value, setValue] = useState('');
  return <SmsCodeField value={value} onChange={setValue} onSend={onSend} data-testid="code" />;
}

function AntdInput({ onSend }: { onSend: () => Promise<number> }): ReactElement {
  const [value, setValue] = useState('');
  return <SmsCodeInput value={value} onChange={setValue} onSend={onSend} data-testid="code" />;
}

afterEach(() => vi.useRealTimers());

describe.each([
  ['SmsCodeField', Field],
  ['SmsCodeInput', AntdInput],
])('%s', (_, Component) => {
  it('keeps digits only, at most six', () => {
    render(<Component onSend={async () => 0} />);
    const input = screen.getByTestId<HTMLInputElement>('code');
    expect(input.placeholder).toBe('验证码');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(input, { target: { value: '12a3-45678' } });
    expect(input.value).toBe('123456');
  });

  it('sends, then counts down disabled', async () => {
    vi.useFakeTimers();
    const onSend = vi.fn(async () => 60);
    render(<Component onSend={onSend} />);
    const button = screen.getByTestId<HTMLButtonElement>('code-send');
    expect(button.textContent).toContain('获取验证码');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button.textContent).toContain('60秒后重新获取');
    expect(button.disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button.textContent).toContain('59秒后重新获取');
    for (let s = 59; s > 0; s--)
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    expect(button.textContent).toContain('获取验证码');
    expect(button.disabled).toBe(false);
  });

  it('stays ready when nothing was sent', async () => {
    render(<Component onSend={async () => 0} />);
    const button = screen.getByTestId<HTMLButtonElement>('code-send');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.textContent).toContain('获取验证码');
    expect(button.disabled).toBe(false);
  });
});
