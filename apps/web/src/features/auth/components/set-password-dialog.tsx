/**
 * The 设置登录密码 dialog (spec 000 §2 Dialogs, §3 set-password form, §5 rules, §8 设置成功): fields
 * password and confirm password, buttons 暂不设置 and 确定; 请输入密码 / 请再次输入密码 /
 * 两次输入的密码不一致！ checked on blur. Opened after a sign-in whose answer has `ispassword` false and
 * from the shell's notice. The server also applies the new-password policy and answers its message.
 */
import { AccountMessages } from '@bimdrive/contracts';
import { Button, Form, Input, Modal } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDrag } from '../../../components/use-modal-drag.tsx';
import { setPassword } from '../api/account-api.ts';
import { useSetPasswordDialog } from '../stores/set-password-store.ts';
import { confirmPasswordRules } from '../lib/password-rules.ts';
import { useFormSubmit } from '../lib/use-form-submit.ts';
import '../i18n.ts';

interface Values {
  password: string;
  confirmPassword: string;
}

/** The set-password dialog (open per `useSetPasswordDialog`). */
export function SetPasswordDialog(): ReactElement {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const open = useSetPasswordDialog((s) => s.open);
  const hide = useSetPasswordDialog((s) => s.hide);
  const [form] = Form.useForm<Values>();
  const drag = useModalDrag();
  const { busy: saving, submit } = useFormSubmit(form, async (v) => {
    await setPassword(v.password, v.confirmPassword);
    void message.success(t('setPassword.success'));
    hide();
  });

  return (
    <Modal
      open={open}
      title={drag.title(t('setPassword.title'))}
      modalRender={drag.modalRender}
      afterClose={drag.reset}
      width={425}
      onCancel={hide}
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="later" onClick={hide} data-testid="set-password-later">
          {t('setPassword.later')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={saving}
          onClick={() => void submit()}
          data-testid="set-password-ok"
        >
          {t('setPassword.ok')}
        </Button>,
      ]}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ marginTop: 16 }}
        validateTrigger="onBlur"
        data-testid="set-password-form"
        onFinish={() => void submit()}
      >
        <Form.Item
          name="password"
          label={t('setPassword.password')}
          rules={[{ required: true, message: AccountMessages.passwordRequired }]}
          extra={t('passwordHint')}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('setPassword.confirm')}
          dependencies={['password']}
          rules={confirmPasswordRules('password')}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
