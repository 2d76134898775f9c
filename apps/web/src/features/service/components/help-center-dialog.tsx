/**
 * Help-centre dialog (spec 000 §2 Account card: "opens a QR code dialog reading 扫码联系我们"): a QR
 * code of the configured help-centre address (HELP_CENTER_URL), drawn with antd QRCode like the share
 * link's, 150px (000 §9 share QR size).
 */
import { Flex, QRCode, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableModal } from '../../../components/draggable-modal.tsx';
import '../i18n.ts';

/** Props of HelpCenterDialog. */
export interface HelpCenterDialogProps {
  open: boolean;
  /** The address the QR code carries. */
  url: string;
  onClose: () => void;
}

/** The help-centre QR dialog. */
export function HelpCenterDialog({ open, url, onClose }: HelpCenterDialogProps): ReactElement {
  const { t } = useTranslation('service');
  return (
    <DraggableModal
      open={open}
      title={t('help.title')}
      footer={null}
      onCancel={onClose}
      width={320}
      centered
      destroyOnHidden
    >
      <Flex
        vertical
        align="center"
        gap={12}
        style={{ padding: '8px 0 4px' }}
        data-testid="help-center-dialog"
      >
        <QRCode value={url} size={150} bordered={false} />
        <Typography.Text strong>{t('help.scan')}</Typography.Text>
      </Flex>
    </DraggableModal>
  );
}
