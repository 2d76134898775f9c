/**
 * Step 2 of the share dialog (spec 001 §2 Share dialog; 000 §9 share QR 150px): the link, the
 * extraction code (only when not public), a QR code of the mobile link with the product logo, and
 * 复制链接 (message 链接复制成功), 下载二维码 (PNG named after the file) and 关闭.
 */
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, QRCode, Typography, message } from 'antd';
import { useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShareCreatedValue } from '@bimdrive/contracts';
import { anchorSave } from '../../../lib/download.ts';
import { qrCodeFileName, shareClipboardText } from '../lib/share-entry.ts';
import '../i18n.ts';

/** Size of the share QR code in px (000 §9). */
export const SHARE_QR_SIZE = 150;
/** Product logo drawn in the middle of the QR code. */
const LOGO_URL = '/logo.svg';

/** Props of ShareResultStep. */
export interface ShareResultStepProps {
  fileName: string;
  created: ShareCreatedValue;
  onClose: () => void;
}

/** Copy text; falls back to a hidden textarea where the async Clipboard API is missing (plain http). */
async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  const ta = document.createElement('textarea');
  ta.value = text;
  ta.setAttribute('readonly', '');
  ta.style.position = 'fixed';
  ta.style.opacity = '0';
  document.body.appendChild(ta);
  ta.select();
  let ok: boolean;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  ta.remove();
  return ok;
}

/** The created link with QR code and actions (001 §2 step 2). */
export function ShareResultStep({ fileName, created, onClose }: ShareResultStepProps): ReactElement {
  const { t } = useTranslation('share');
  const qrRef = useRef<HTMLDivElement>(null);

  const copy = async () => {
    const text = shareClipboardText(created, { link: t('clipLink'), pwd: t('clipPwd') });
    if (await copyToClipboard(text)) void message.success(t('copied'));
    else void message.error(t('copyFailed'));
  };

  const downloadQr = () => {
    const canvas = qrRef.current?.querySelector('canvas');
    if (!canvas) return;
    anchorSave(canvas.toDataURL('image/png'), qrCodeFileName(fileName));
  };

  return (
    <div data-testid="share-result">
      <Alert type="success" showIcon title={t('createdTip')} style={{ marginBottom: 20 }} />
      <Flex gap={24} wrap align="flex-start">
        <Descriptions
          column={1}
          size="small"
          style={{ flex: '1 1 320px', minWidth: 0 }}
          styles={{ label: { width: 88 } }}
          items={[
            {
              key: 'link',
              label: t('link'),
              children: (
                <Typography.Text data-testid="share-link" style={{ wordBreak: 'break-all' }}>
                  {created.webUrl}
                </Typography.Text>
              ),
            },
            ...(created.pwd
              ? [
                  {
                    key: 'pwd',
                    label: t('pwd'),
                    children: (
                      <Typography.Text
                        data-testid="share-pwd"
                        strong
                        style={{ fontSize: 16, letterSpacing: 2 }}
                      >
                        {created.pwd}
                      </Typography.Text>
                    ),
                  },
                ]
              : []),
            {
              key: 'expire',
              label: t('expire'),
              children: created.expireTime ?? t('forever'),
            },
          ]}
        />
        <Flex vertical align="center" gap={4} style={{ flex: 'none', margin: '0 auto' }}>
          <div ref={qrRef} data-testid="share-qrcode" data-value={created.mobileUrl}>
            <QRCode
              value={created.mobileUrl}
              size={SHARE_QR_SIZE}
              icon={LOGO_URL}
              iconSize={36}
              bgColor="#fff"
            />
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('qrcodeHint')}
          </Typography.Text>
        </Flex>
      </Flex>
      <Flex justify="end" gap={8} wrap style={{ marginTop: 24 }}>
        <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="share-copy">
          {t('copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={downloadQr} data-testid="share-download-qr">
          {t('downloadQr')}
        </Button>
        <Button onClick={onClose}>{t('close')}</Button>
      </Flex>
    </div>
  );
}
