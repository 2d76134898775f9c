/** Top-bar file-transfer button (spec 000 §2 Top bar): opens the transfer panel; badge of pending uploads (capped at 99). */
import { SwapOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';
import { BADGE_CAP, pendingCount } from '../lib/transfer-logic.ts';
import { useTransfers } from '../stores/transfer-store.ts';
import { LightBadge } from '../../../components/light/light-badge.tsx';

/** The 传输列表 button of the navbar. */
export function TransferNavButton(): ReactElement {
  const { t } = useTranslation('transfers');
  const pending = useTransfers((s) => pendingCount(s.uploads));
  const setPanel = useTransfers((s) => s.setPanel);
  return (
    <LightBadge count={pending} overflowCount={BADGE_CAP} size="small" offset={[-6, 4]}>
      <Button
        type="text"
        icon={<SwapOutlined rotate={90} />}
        onClick={() => setPanel('shown')}
        data-testid="transfer-button"
      >
        {t('title')}
      </Button>
    </LightBadge>
  );
}
