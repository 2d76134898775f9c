/**
 * The person dialog's own-account modes (spec 000 §2 Dialogs: editUserInfo 编辑个人信息, editPwd
 * 修改密码, editPhone 修改手机号; 425 px; §3 Personal / Password / Phone forms; §4 phone change in
 * three steps and log-out 1 s after a password change; §5 rules and messages; §8 修改成功 /
 * 验证码已发送). Every rule is also enforced by the server, whose message is shown when it refuses.
 */
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { AccountMessages, PHONE_PATTERN, SmsMessages } from '@bimdrive/contracts';
import { Avatar, Button, Form, Input, Modal, Result, Steps, Typography, Upload, theme } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import type { FormInstance } from 'antd';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDrag } from '../../../components/use-modal-drag.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../stores/session-store.ts';
import {
  editPhone,
  editPhoneFirstStep,
  editPwd,
  saveUserInfo,
  useBaseInfo,
  validateRegistPhone,
} from '../api/account-api.ts';
import { sendSmsCode } from '../api/send-sms.ts';
import { SmsCodeInput } from './sms-code-input.tsx';
import { confirmPasswordRules } from '../lib/password-rules.ts';
import { useFormSubmit } from '../lib/use-form-submit.ts';
import '../i18n.ts';

/** The own-account modes of the person dialog. */
export type PersonDialogMode = 'editUserInfo' | 'editPwd' | 'editPhone';

/** Props of PersonDialog. */
export interface PersonDialogProps {
  mode: PersonDialogMode | null;
  onClose: () => void;
}

/** Delay between a password change and the log-out (000 §4, §9). */
export const LOGOUT_AFTER_PASSWORD_MS = 1000;

const phoneRules = [
  { required: true, message: AccountMessages.phoneRequired },
  { pattern: PHONE_PATTERN, message: AccountMessages.phoneInvalid },
];
const codeRules = [
  { required: true, message: SmsMessages.required },
  { pattern: /^\d{6}$/, message: SmsMessages.format },
];

/** The dialog (open while `mode` is set). */
export function PersonDialog({ mode, onClose }: PersonDialogProps): ReactElement {
  const { t } = useTranslation('auth');
  const drag = useModalDrag();
  return (
    <Modal
      open={mode !== null}
      title={drag.title(mode ? t(`person.${mode}`) : '')}
      modalRender={drag.modalRender}
      afterClose={drag.reset}
      width={425}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      maskClosable={false}
    >
      <div data-testid={mode ? `person-dialog-${mode}` : undefined} style={{ marginTop: 16 }}>
        {mode === 'editUserInfo' && <UserInfoForm onDone={onClose} />}
        {mode === 'editPwd' && <PasswordForm onCancel={onClose} />}
        {mode === 'editPhone' && <PhoneForm onDone={onClose} />}
      </div>
    </Modal>
  );
}

/** Buttons under a form: 取消 and the primary action. */
function Footer(props: { onCancel: () => void; okText: string; loading: boolean; onOk: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 8 }}>
      <Button onClick={props.onCancel}>{t('cancel')}</Button>
      <Button type="primary" loading={props.loading} onClick={props.onOk} data-testid="person-dialog-ok">
        {props.okText}
      </Button>
    </div>
  );
}

/** editUserInfo: name (required) and avatar (image files only, read locally for the preview). */
function UserInfoForm({ onDone }: { onDone: () => void }): ReactElement {
  const { t } = useTranslation(['auth', 'common']);
  const { message } = useFeedback();
  const { token } = theme.useToken();
  const user = useSession((s) => s.user);
  const base = useBaseInfo(true).data;
  const [form] = Form.useForm<{ userName: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string>('');

  useEffect(() => {
    if (!file) return setPreview('');
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const { busy: saving, submit } = useFormSubmit(form, async (v: { userName: string }) => {
    try {
      await saveUserInfo(v.userName.trim(), file);
      void message.success(t('person.changed'));
      onDone();
    } catch (err) {
      void message.error(err instanceof ApiError && err.message ? err.message : t('common:serverBusy'));
    }
  });

  const shown = preview || user?.avatar || base?.ddUserAvatar || undefined;
  return (
    <Form form={form} layout="vertical" initialValues={{ userName: user?.userName ?? '' }}>
      <Form.Item label={t('person.avatar')} extra={t('person.avatarHint')}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
          <Avatar size={72} src={shown} style={{ background: token.colorPrimary, fontSize: 28 }}>
            {user?.userName.slice(0, 1) || <UserOutlined />}
          </Avatar>
          <Upload
            accept="image/*"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(f) => {
              if (!f.type.startsWith('image/')) {
                void message.error(AccountMessages.imageOnly);
                return Upload.LIST_IGNORE;
              }
              setFile(f);
              return false;
            }}
          >
            <Button icon={<CameraOutlined />} data-testid="avatar-choose">
              {t('person.chooseAvatar')}
            </Button>
          </Upload>
        </div>
      </Form.Item>
      <Form.Item
        name="userName"
        label={t('person.userName')}
        rules={[{ required: true, whitespace: true, message: AccountMessages.nameRequired }]}
      >
        <Input maxLength={50} data-testid="person-user-name" />
      </Form.Item>
      <Footer onCancel={onDone} okText={t('common:ok')} loading={saving} onOk={() => void submit()} />
    </Form>
  );
}

interface PwdValues {
  oldPwd: string;
  newPwd: string;
  confirmPwd: string;
}

/** editPwd: the rules of 000 §5 (hint shown, strength left to the server); log out 1 s after success. */
function PasswordForm({ onCancel }: { onCancel: () => void }): ReactElement {
  const { t } = useTranslation(['auth', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<PwdValues>();

  const { busy: saving, submit } = useFormSubmit(
    form,
    async (v) => {
      await editPwd(v);
      void message.success(t('person.changed'));
      // The server has already ended the account's sessions: only the client state remains to clear.
      setTimeout(() => {
        useSession.getState().signOut();
        window.location.assign('/login');
      }, LOGOUT_AFTER_PASSWORD_MS);
    },
    { keepBusyOnSuccess: true },
  );

  return (
    <Form form={form} layout="vertical" validateTrigger="onBlur">
      <Form.Item
        name="oldPwd"
        label={t('person.oldPwd')}
        rules={[{ required: true, message: AccountMessages.oldPwdRequired }]}
      >
        <Input.Password autoComplete="current-password" maxLength={128} data-testid="old-pwd" />
      </Form.Item>
      <Form.Item
        name="newPwd"
        label={t('person.newPwd')}
        extra={AccountMessages.passwordHint}
        dependencies={['oldPwd']}
        rules={[
          { required: true, message: AccountMessages.newPwdRequired },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              value && value === getFieldValue('oldPwd')
                ? Promise.reject(new Error(AccountMessages.sameAsOld))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={128} data-testid="new-pwd" />
      </Form.Item>
      <Form.Item
        name="confirmPwd"
        label={t('person.confirmPwd')}
        dependencies={['newPwd']}
        rules={confirmPasswordRules('newPwd')}
      >
        <Input.Password autoComplete="new-password" maxLength={128} data-testid="confirm-pwd" />
      </Form.Item>
      <Footer onCancel={onCancel} okText={t('common:ok')} loading={saving} onOk={() => void submit()} />
    </Form>
  );
}

/** editPhone in three steps (000 §4): verify the current phone, enter the new one with its code, done. */
function PhoneForm({ onDone }: { onDone: () => void }): ReactElement {
  const { t } = useTranslation(['auth', 'common']);
  const { message } = useFeedback();
  const current = useSession((s) => s.user?.phone ?? '');
  const [step, setStep] = useState(0);
  const [oldForm] = Form.useForm<{ oldPhone: string; code: string }>();
  const [newForm] = Form.useForm<{ phone: string; code: string }>();

  /** Validate the phone field of `form`, then ask for its code; the countdown to show (0: not sent). */
  const send = async (form: FormInstance, field: 'oldPhone' | 'phone') => {
    try {
      await form.validateFields([field]);
    } catch {
      return 0;
    }
    const seconds = await sendSmsCode('editPhone', String(form.getFieldValue(field)).trim());
    if (seconds === 60) void message.success(SmsMessages.sent);
    return seconds;
  };

  const boundRule = {
    validator: async (_: unknown, value: string | undefined) => {
      const v = value?.trim() ?? '';
      if (!PHONE_PATTERN.test(v)) return;
      if (await validateRegistPhone(v).catch(() => false)) throw new Error(AccountMessages.phoneBound);
    },
  };

  const first = useFormSubmit(oldForm, async (v) => {
    await editPhoneFirstStep(v.oldPhone, v.code);
    setStep(1);
  });

  const second = useFormSubmit(newForm, async (v) => {
    await editPhone(v.phone.trim(), v.code);
    void message.success(t('person.changed'));
    setStep(2);
  });

  return (
    <>
      <Steps
        size="small"
        current={step}
        status={step === 2 ? 'finish' : 'process'}
        style={{ marginBottom: 20 }}
        items={[
          { title: t('person.stepVerify') },
          { title: t('person.stepNew') },
          { title: t('person.stepDone') },
        ]}
      />
      {step === 0 && (
        <Form form={oldForm} layout="vertical" initialValues={{ oldPhone: current }}>
          <Form.Item name="oldPhone" label={t('person.oldPhone')} rules={phoneRules}>
            <Input disabled />
          </Form.Item>
          <Form.Item name="code" label={t('sms.code')} rules={codeRules}>
            <SmsCodeInput onSend={() => send(oldForm, 'oldPhone')} data-testid="old-phone-code" />
          </Form.Item>
          <Footer
            onCancel={onDone}
            okText={t('person.next')}
            loading={first.busy}
            onOk={() => void first.submit()}
          />
        </Form>
      )}
      {step === 1 && (
        <Form form={newForm} layout="vertical">
          <Form.Item
            name="phone"
            label={t('person.newPhone')}
            rules={[...phoneRules, boundRule]}
            validateTrigger="onBlur"
          >
            <Input inputMode="tel" maxLength={16} data-testid="new-phone" />
          </Form.Item>
          <Form.Item name="code" label={t('sms.code')} rules={codeRules}>
            <SmsCodeInput onSend={() => send(newForm, 'phone')} data-testid="new-phone-code" />
          </Form.Item>
          <Footer
            onCancel={onDone}
            okText={t('common:ok')}
            loading={second.busy}
            onOk={() => void second.submit()}
          />
        </Form>
      )}
      {step === 2 && (
        <Result
          status="success"
          title={t('person.changed')}
          subTitle={<Typography.Text>{t('person.phoneChanged', { phone: current })}</Typography.Text>}
          extra={
            <Button type="primary" onClick={onDone}>
              {t('person.stepDone')}
            </Button>
          }
        />
      )}
    </>
  );
}
