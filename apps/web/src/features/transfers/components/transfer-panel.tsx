/**
 * The file-transfer panel (spec 000 §2 File-transfer panel, §4 Panel / Cancel upload / Cancel
 * download, §7 GetTransmissionData, §8 confirmations and 删除成功, §9 page size 6 and badge cap 99): a
 * draggable floating window, shown / minimised / cleared.
 * - 已完成 (index 0, completed-tab.tsx): the server's completed uploads, 6 a page; delete one
 *   (确定要删除这条记录吗？) and 清空 (确定要删除所有上传记录吗？), 删除成功 and the list reloads. It reloads
 *   when the panel is shown on that tab and when switching to it; a non-1 answer is ignored silently.
 * - 上传中 (index 1, uploading-table.tsx), with the badge of uploads below 100 (capped at 99). An
 *   upload restored after a reload asks for its file again on 继续 (the panel's file input).
 *   Finished rows leave for 已完成 once the queue has drained (tus-uploads.ts).
 * - 下载中 (index 2, downloading-table.tsx; hidden until a download runs), with the badge of running ones.
 * - Over dialogs (issue 17): the panel sits above modal masks and its confirmations above it
 *   (hooks/use-open-dialogs.ts), so it can be used while a dialog is open; it is not rendered while it
 *   gives way to a dialog opened over it (`givingWay`, transfer-center.tsx).
 * - Its rows carry `data-transfer-name` (not the file tables' `data-row-name`, so a file's row and its
 *   upload's row are never confused) and upload rows `data-phase`.
 */
import { CloseOutlined, MinusOutlined } from '@ant-design/icons';
import { TRANSMISSION_PAGE_SIZE } from '@bimdrive/contracts';
import { Badge, Button, Tabs, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState, type ChangeEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback.tsx';
import { useDraggable } from '../../../lib/use-draggable.ts';
import { deleteAllTransmissions, deleteTransmission, useTransmissionPage } from '../api/transmission.ts';
import '../i18n.ts';
import {
  TRANSFER_CONFIRM_Z_INDEX,
  TRANSFER_DIALOG_CLASS,
  TRANSFER_Z_INDEX,
} from '../hooks/use-open-dialogs.ts';
import { BADGE_CAP, pendingCount } from '../lib/transfer-logic.ts';
import { resumeUpload, resumeWithFile } from '../lib/tus-uploads.ts';
import { useTransfers, type UploadRecord } from '../stores/transfer-store.ts';
import { CompletedTab } from './completed-tab.tsx';
import { DownloadingTable } from './downloading-table.tsx';
import { TRANSFER_PANEL_HEIGHT } from './transfer-columns.tsx';
import { UploadingTable } from './uploading-table.tsx';

const WIDTH = 860;
const HEIGHT = TRANSFER_PANEL_HEIGHT;

/**
 * The floating transfer window, rendered while shown (the store's `panel`) unless `givingWay` (to a
 * dialog opened over it; transfer-center.tsx).
 */
export function TransferPanel({ givingWay = false }: { givingWay?: boolean }): ReactElement | null {
  const { t } = useTranslation(['transfers', 'common']);
  const { modal, message } = useFeedback();
  const shown = useTransfers((s) => s.panel === 'shown') && !givingWay;
  const activeTab = useTransfers((s) => s.activeTab);
  const uploads = useTransfers((s) => s.uploads);
  const downloads = useTransfers((s) => s.downloads);
  const downloadsVisible = useTransfers((s) => s.downloadsVisible);
  const store = useTransfers.getState;
  const [page, setPage] = useState(1);
  const completedOpen = shown && activeTab === 0;
  const completed = useTransmissionPage(page, completedOpen);
  const refetchCompleted = completed.refetch;
  const repick = useRef<HTMLInputElement>(null);
  const repickFor = useRef<string | null>(null);
  const drag = useDraggable(() => ({
    x: Math.max(16, window.innerWidth - WIDTH - 24),
    y: Math.max(64, window.innerHeight - HEIGHT - 24),
  }));

  // 000 §4: the completed tab reloads when the panel is shown on it and when switching to it.
  useEffect(() => {
    if (completedOpen) void refetchCompleted();
  }, [completedOpen, refetchCompleted]);

  // A page emptied by deletes falls back to the last page that has rows.
  const count = completed.data?.count ?? 0;
  useEffect(() => {
    const last = Math.max(1, Math.ceil(count / TRANSMISSION_PAGE_SIZE));
    if (completed.data && page > last) setPage(last);
  }, [count, page, completed.data]);

  if (!shown) return null;

  /** Ask (确定要删除…？ over the panel), then run `remove`; on success 删除成功 and the list reloads. */
  const confirmDelete = (content: string, remove: () => Promise<boolean>, after?: () => void) =>
    modal.confirm({
      zIndex: TRANSFER_CONFIRM_Z_INDEX,
      wrapClassName: TRANSFER_DIALOG_CLASS,
      title: t('common:tip'),
      content,
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        if (!(await remove())) return;
        void message.success(t('deleted'));
        after?.();
        void refetchCompleted();
      },
    });
  const confirmClear = () => confirmDelete(t('confirmDeleteAll'), deleteAllTransmissions, () => setPage(1));

  const resume = (r: UploadRecord) => {
    if (resumeUpload(r.iuid) === 'needsFile') {
      repickFor.current = r.iuid;
      repick.current?.click();
    }
  };
  const onRepicked = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    const id = repickFor.current;
    repickFor.current = null;
    if (!file || !id) return;
    if (!resumeWithFile(id, file)) void message.warning(t('pickSameFile'));
  };

  const pending = pendingCount(uploads);
  const completedTable = (
    <CompletedTab
      rows={completed.data?.list ?? []}
      count={count}
      loading={completed.isFetching && !completed.data}
      page={page}
      onPage={setPage}
      onDelete={(r) => confirmDelete(t('confirmDelete'), () => deleteTransmission(r.iuid))}
    />
  );

  return (
    <div
      data-draggable-root
      data-testid="transfer-panel"
      role="region"
      aria-label={t('title')}
      style={{
        position: 'fixed',
        left: drag.position.x,
        top: drag.position.y,
        width: WIDTH,
        maxWidth: 'calc(100vw - 16px)',
        height: HEIGHT,
        // Above dialogs' masks, below popups (use-open-dialogs.ts).
        zIndex: TRANSFER_Z_INDEX,
        background: '#fff',
        borderRadius: 10,
        boxShadow: '0 12px 48px rgba(0,0,0,.18), 0 0 0 1px rgba(0,0,0,.04)',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <div
        onPointerDown={drag.onPointerDown}
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '10px 12px 10px 18px',
          borderBottom: '1px solid #f0f0f0',
          cursor: 'move',
          userSelect: 'none',
          background: '#fafcff',
          touchAction: 'none',
        }}
      >
        <Typography.Text strong>{t('title')}</Typography.Text>
        <span onPointerDown={(e) => e.stopPropagation()}>
          <Tooltip title={t('minimise')}>
            <Button
              type="text"
              size="small"
              icon={<MinusOutlined />}
              aria-label={t('minimise')}
              onClick={() => store().setPanel('hidden')}
            />
          </Tooltip>
          <Tooltip title={t('close')}>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('close')}
              onClick={() => store().setPanel('cleared')}
            />
          </Tooltip>
        </span>
      </div>
      <input ref={repick} type="file" hidden data-testid="transfer-repick-input" onChange={onRepicked} />
      <div style={{ flex: 1, minHeight: 0, padding: '0 16px 12px', overflow: 'auto' }}>
        <Tabs
          activeKey={String(activeTab)}
          onChange={(k) => store().setActiveTab(k === '0' ? 0 : k === '2' ? 2 : 1)}
          tabBarExtraContent={
            activeTab === 0 && count > 0 ? (
              <Button size="small" danger onClick={confirmClear}>
                {t('clearAll')}
              </Button>
            ) : null
          }
          items={[
            { key: '0', label: t('tabCompleted'), children: completedTable },
            {
              key: '1',
              label: (
                <Badge count={pending} overflowCount={BADGE_CAP} size="small" offset={[10, -2]}>
                  <span>{t('tabUploading')}</span>
                </Badge>
              ),
              children: <UploadingTable uploads={uploads} onResume={resume} />,
            },
            ...(downloadsVisible
              ? [
                  {
                    key: '2',
                    label: (
                      <Badge
                        count={downloads.filter((d) => d.phase === 'running').length}
                        overflowCount={BADGE_CAP}
                        size="small"
                        offset={[10, -2]}
                      >
                        <span>{t('tabDownloading')}</span>
                      </Badge>
                    ),
                    children: <DownloadingTable downloads={downloads} />,
                  },
                ]
              : []),
          ]}
        />
      </div>
    </div>
  );
}
