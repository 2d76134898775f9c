/**
 * The link-drawing dialog (spec 001 §2 "Link-drawing dialog"; issue 13): title 关联图纸文件, 800 px wide,
 * dragged by its title, maximised (the full-screen toggle of 001 §2) and resized from its corner. Left: the tree of the model's area (我的文件 or the project), folders loaded
 * as they are opened (a loading state meanwhile), checkboxes where only `.dwg` files (any case) can be
 * ticked and ticking does not cascade; nodes are selected singly or, with Ctrl/⌘, several. Right: the
 * chosen drawings, with checkboxes. 添加 copies the ticked left items to the right (duplicates
 * ignored), 移除 deletes the ticked right items, 确定 saves the choice as the model's linked drawings
 * and closes, 取消 closes without saving. Tree levels carry `data-level` T0 (the area's top level)
 * and T1 (below).
 */
import { FileOutlined, FolderOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Tree, type TreeDataNode } from 'antd';
import { useFeedback } from '../../../../lib/feedback.tsx';
import { DraggableModal } from '../../../../components/draggable-modal.tsx';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawingLinkValue, FileRowValue } from '@bimdrive/contracts';
import { getFileInfo, listFolder, useSaveDrawingLinks } from '../../api/drawing-links.ts';
import '../../i18n.ts';

/** Props of LinkDrawingDialog. */
export interface LinkDrawingDialogProps {
  /** The model the drawings are linked to. */
  modelIuid: string;
  open: boolean;
  /** The drawings linked now (the right list starts with them). */
  linked: DrawingLinkValue[];
  onClose: () => void;
}

/** A chosen drawing on the right. */
interface Chosen {
  iuid: string;
  fileName: string;
}

const isDwg = (r: FileRowValue) => r.fileType === 2 && r.fileSuffix.toLowerCase() === 'dwg';

/** A left-tree node of a listed row (folders load their children when opened). */
function nodeOf(row: FileRowValue, level: 'T0' | 'T1'): TreeDataNode & { row: FileRowValue } {
  const folder = row.fileType === 1;
  return {
    key: row.iuid,
    title: (
      <span data-level={level} data-testid={`link-tree-${row.fileName}`}>
        {row.fileName}
      </span>
    ),
    icon: folder ? <FolderOutlined /> : <FileOutlined />,
    isLeaf: !folder,
    disableCheckbox: !isDwg(row),
    row,
  };
}

/** Set `children` of the node `key` anywhere in `nodes`. */
function withChildren(nodes: TreeDataNode[], key: React.Key, children: TreeDataNode[]): TreeDataNode[] {
  return nodes.map((n) =>
    n.key === key
      ? { ...n, children }
      : n.children
        ? { ...n, children: withChildren(n.children, key, children) }
        : n,
  );
}

/** The dialog; see the module docstring. */
export function LinkDrawingDialog({
  modelIuid,
  open,
  linked,
  onClose,
}: LinkDrawingDialogProps): ReactElement {
  const { t } = useTranslation('preview');
  const { message } = useFeedback();
  const save = useSaveDrawingLinks(modelIuid);
  const [spaceId, setSpaceId] = useState<string | null>(null);
  const [tree, setTree] = useState<TreeDataNode[]>([]);
  const [rows, setRows] = useState(new Map<string, FileRowValue>());
  const [leftChecked, setLeftChecked] = useState<React.Key[]>([]);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [rightChecked, setRightChecked] = useState<React.Key[]>([]);
  const [selected, setSelected] = useState<React.Key[]>([]);

  // Each opening starts from the model's area root and the drawings linked now.
  useEffect(() => {
    if (!open) return;
    let live = true;
    setChosen(linked.map((d) => ({ iuid: d.iuid, fileName: d.fileName })));
    setLeftChecked([]);
    setRightChecked([]);
    void (async () => {
      const model = await getFileInfo(modelIuid);
      const top = await listFolder(model.spaceId, '');
      if (!live) return;
      setSpaceId(model.spaceId);
      setRows(new Map(top.map((r) => [r.iuid, r])));
      setTree(top.map((r) => nodeOf(r, 'T0')));
    })().catch((e: unknown) => live && void message.error(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [open, modelIuid, linked, message]);

  const loadData = async (node: TreeDataNode) => {
    if (spaceId === null || node.children) return;
    const children = await listFolder(spaceId, String(node.key));
    setRows((m) => new Map([...m, ...children.map((r) => [r.iuid, r] as const)]));
    setTree((nodes) =>
      withChildren(
        nodes,
        node.key,
        children.map((r) => nodeOf(r, 'T1')),
      ),
    );
  };

  const add = () => {
    const have = new Set(chosen.map((c) => c.iuid));
    const more = leftChecked
      .map((k) => rows.get(String(k)))
      .filter((r): r is FileRowValue => !!r && isDwg(r) && !have.has(r.iuid))
      .map((r) => ({ iuid: r.iuid, fileName: r.fileName }));
    setChosen([...chosen, ...more]);
    setLeftChecked([]);
  };
  const remove = () => {
    const gone = new Set(rightChecked.map(String));
    setChosen(chosen.filter((c) => !gone.has(c.iuid)));
    setRightChecked([]);
  };
  const ok = () =>
    save.mutate(
      chosen.map((c) => c.iuid),
      {
        onSuccess: () => {
          void message.success(t('links.saved'));
          onClose();
        },
        onError: (e) => void message.error(e.message),
      },
    );

  const pane = {
    flex: 1,
    minWidth: 0,
    minHeight: 0,
    overflow: 'auto',
    border: '1px solid #f0f0f0',
    borderRadius: 6,
    padding: 8,
  } as const;
  return (
    <DraggableModal
      open={open}
      width={800}
      resizable
      defaultHeight={520}
      destroyOnHidden
      onCancel={onClose}
      title={<div data-testid="link-drawing-title">{t('links.title')}</div>}
      footer={
        <Space>
          <Button onClick={onClose}>{t('links.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={ok} data-testid="link-drawing-ok">
            {t('links.ok')}
          </Button>
        </Space>
      }
      styles={{ body: { paddingTop: 8 } }}
    >
      <div
        data-testid="link-drawing-dialog"
        style={{ display: 'flex', gap: 12, alignItems: 'stretch', height: '100%' }}
      >
        <div style={pane} data-testid="link-drawing-left">
          {tree.length ? (
            <Tree
              checkable
              checkStrictly
              showIcon
              multiple
              blockNode
              treeData={tree}
              loadData={loadData}
              checkedKeys={{ checked: leftChecked, halfChecked: [] }}
              onCheck={(keys) => setLeftChecked(Array.isArray(keys) ? keys : keys.checked)}
              selectedKeys={selected}
              onSelect={(keys) => setSelected(keys)}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('links.noFiles')} />
          )}
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: 8 }}>
          <Button onClick={add} disabled={!leftChecked.length} data-testid="link-drawing-add">
            {t('links.add')} &gt;
          </Button>
          <Button onClick={remove} disabled={!rightChecked.length} data-testid="link-drawing-remove">
            &lt; {t('links.remove')}
          </Button>
        </div>
        <div style={pane} data-testid="link-drawing-right">
          {chosen.length ? (
            <Tree
              checkable
              checkStrictly
              showIcon
              blockNode
              treeData={chosen.map((c) => ({
                key: c.iuid,
                icon: <FileOutlined />,
                isLeaf: true,
                title: (
                  <span data-level="T0" data-testid={`link-chosen-${c.fileName}`}>
                    {c.fileName}
                  </span>
                ),
              }))}
              checkedKeys={{ checked: rightChecked, halfChecked: [] }}
              onCheck={(keys) => setRightChecked(Array.isArray(keys) ? keys : keys.checked)}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('links.noneChosen')} />
          )}
        </div>
      </div>
    </DraggableModal>
  );
}
