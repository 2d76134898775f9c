/**
 * 邀请成员 (spec 000 §2 person and company dialog, 425 px; member list "copy invite link"; §5 phone
 * rule): an administrator enters the person's phone and name; the invitation then shows in the member
 * list with invitebit false and its 复制邀请链接. The server checks the role and duplicates.
 */
import { PHONE_PATTERN } from '@bimdrive/contracts';
import { Form, Input } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useInviteMember } from '../api/company-api.ts';
import { DraggableModal } from '../../../components/draggable-modal.tsx';
import '../i18n.ts';

interface InviteForm {
  phone: string;
  userName: string;
}

/** Props of InviteMemberDialog. */
export interface InviteMemberDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The invite form dialog. */
export function InviteMemberDialog({ open, onClose }: InviteMemberDialogProps): ReactElement {
  const { t } = useTranslation(['companies', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<InviteForm>();
  const invite = useInviteMember();

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await invite.mutateAsync({ phone: v.phone.trim(), userName: v.userName.trim() });
    } catch {
      return; /* shown by the API client */
    }
    void message.success(t('invite.ok'));
    form.resetFields();
    onClose();
  };

  return (
    <DraggableModal
      open={open}
      title={t('invite.title')}
      width={425}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={invite.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<InviteForm> form={form} layout="vertical" requiredMark={false} data-testid="invite-form">
        <Form.Item
          name="phone"
          label={t('invite.phone')}
          validateTrigger="onBlur"
          rules={[
            { required: true, message: t('invite.phoneRequired') },
            { pattern: PHONE_PATTERN, message: t('invite.phoneInvalid') },
          ]}
        >
          <Input inputMode="tel" maxLength={16} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="userName"
          label={t('invite.userName')}
          rules={[{ required: true, whitespace: true, message: t('invite.userNameRequired') }]}
        >
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
      </Form>
    </DraggableModal>
  );
}
