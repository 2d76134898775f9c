/** Consult-to-buy dialog (spec 000 §2 Account card: "A consult-to-buy entry, which shows a phone number"; CONSULT_PHONE). */
import { PhoneOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableModal } from '../../../components/draggable-modal.tsx';
import '../i18n.ts';

/** Props of ConsultDialog. */
export interface ConsultDialogProps {
  open: boolean;
  phone: string;
  onClose: () => void;
}

/** The consult-to-buy phone dialog. */
export function ConsultDialog({ open, phone, onClose }: ConsultDialogProps): ReactElement {
  const { t } = useTranslation('service');
  return (
    <DraggableModal
      open={open}
      title={t('consult.title')}
      footer={null}
      onCancel={onClose}
      width={360}
      centered
    >
      <Flex vertical align="center" gap={8} style={{ padding: '12px 0' }} data-testid="consult-dialog">
        <PhoneOutlined style={{ fontSize: 28, color: '#1677ff' }} />
        <Typography.Title level={4} style={{ margin: 0 }} copyable={{ text: phone }}>
          {t('consult.phone', { phone })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('consult.hint')}</Typography.Text>
      </Flex>
    </DraggableModal>
  );
}
