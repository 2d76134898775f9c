/**
 * The model's linked drawings in the model preview (001 §2 link-drawing dialog; issue 13 "Linked
 * drawings are listed in the viewer and open in a split view beside the 3D model"): a 图纸 button over
 * the right end of the viewer's toolbar lists them (with their status); choosing one opens it beside
 * the model (`onOpen`); 关联图纸… opens the link-drawing dialog when `canLink` (not for share visitors).
 */
import { FileImageOutlined, LinkOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusType, type DrawingLinkValue } from '@bimdrive/contracts';
import { useDrawingLinks } from '../../api/drawing-links.ts';
import { LinkDrawingDialog } from './link-drawing-dialog.tsx';
import '../../i18n.ts';

/** Props of LinkedDrawings. */
export interface LinkedDrawingsProps {
  modelIuid: string;
  /** Offer 关联图纸… (the signed-in user's preview; never share visitors). */
  canLink: boolean;
  /** Open a drawing beside the model. */
  onOpen: (drawing: DrawingLinkValue) => void;
}

/** The 图纸 button and its menu; see the module docstring. */
export function LinkedDrawings({ modelIuid, canLink, onOpen }: LinkedDrawingsProps): ReactElement | null {
  const { t } = useTranslation('preview');
  const links = useDrawingLinks(modelIuid);
  const [dialog, setDialog] = useState(false);
  const list = links.data?.list ?? [];
  if (!canLink && !list.length) return null;
  const items: MenuProps['items'] = [
    ...list.map((d) => ({
      key: d.iuid,
      label: (
        <span data-testid={`linked-drawing-${d.fileName}`}>
          {d.fileName}
          {d.statusType !== StatusType.done && (
            <span style={{ color: '#8c8c8c', marginLeft: 8 }}>{t('links.notReady')}</span>
          )}
        </span>
      ),
      icon: <FileImageOutlined />,
    })),
    ...(list.length ? [] : [{ key: 'none', label: t('links.none'), disabled: true }]),
    ...(canLink
      ? [{ type: 'divider' as const }, { key: 'link', label: t('links.open'), icon: <LinkOutlined /> }]
      : []),
  ];
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'link') return setDialog(true);
            const d = list.find((x) => x.iuid === key);
            if (d) onOpen(d);
          },
        }}
      >
        <Button size="small" icon={<FileImageOutlined />} data-testid="linked-drawings-button">
          {t('links.button', { count: list.length })}
        </Button>
      </Dropdown>
      {canLink && (
        <LinkDrawingDialog
          modelIuid={modelIuid}
          open={dialog}
          linked={list}
          onClose={() => setDialog(false)}
        />
      )}
    </>
  );
}
