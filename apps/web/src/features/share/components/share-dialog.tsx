/**
 * The share dialog (spec 001 §2 "Share dialog", §3 share entry and share-limit response, §5, §9),
 * antd Modal 700px wide. Step 1: a share-limit check runs first (spinner); over the limit it shows the
 * notice and the accounts table instead of the form. The form chooses 有效期 (7天 / 30天 / 永久有效 /
 * 自定义 date), 提取码 (有提取码: 系统生成 or 自定义; or 公开链接) and 权限 (允许下载 / 仅浏览).
 * Step 2: the link, the extraction code (not for public links), a 150px QR code of the mobile link with
 * the product logo (000 §9), 复制链接, 下载二维码 and 关闭.
 */
import { Steps } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShareCreatedValue } from '@bimdrive/contracts';
import { ShareOptionsStep } from './share-options-step.tsx';
import { ShareResultStep } from './share-result-step.tsx';
import { DraggableModal } from '../../../components/draggable-modal.tsx';
import '../i18n.ts';

/** Props of the share dialog (001 §2 Share dialog). */
export interface ShareDialogProps {
  open: boolean;
  file: { iuid: string; fileName: string } | null;
  onClose: () => void;
}

/** Share dialog: options, then link + QR code (001 §2). */
export function ShareDialog(props: ShareDialogProps): ReactElement {
  const { t } = useTranslation('share');
  return (
    <DraggableModal
      open={props.open}
      width={700}
      title={t('title')}
      footer={null}
      onCancel={props.onClose}
      destroyOnHidden
      maskClosable={false}
    >
      {props.open && props.file && (
        <ShareDialogContent key={props.file.iuid} file={props.file} onClose={props.onClose} />
      )}
    </DraggableModal>
  );
}

function ShareDialogContent({
  file,
  onClose,
}: {
  file: { iuid: string; fileName: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('share');
  const [created, setCreated] = useState<ShareCreatedValue | null>(null);
  return (
    <div data-testid="share-dialog">
      <Steps
        size="small"
        current={created ? 1 : 0}
        items={[{ title: t('stepOptions') }, { title: t('stepLink') }]}
        style={{ margin: '8px 0 24px' }}
      />
      {created ? (
        <ShareResultStep fileName={file.fileName} created={created} onClose={onClose} />
      ) : (
        <ShareOptionsStep file={file} onCreated={setCreated} onCancel={onClose} />
      )}
    </div>
  );
}
