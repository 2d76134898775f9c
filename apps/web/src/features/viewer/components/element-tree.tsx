/**
 * Element tree panel of the 3D viewer (spec 001 §2 preview overlay: "the spatial element tree").
 * Shows `ViewerTreeNode`s (see ../lib/spatial-tree.ts) in a virtual antd Tree; selecting an element
 * calls onSelect with its key, and a selection made on the canvas is revealed (ancestors expanded,
 * scrolled into view). Category groups only expand.
 */
import { Empty, Spin, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactElement, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { VIEWER_NS } from '../i18n.ts';
import { pathTo, topKeys, type ViewerTreeNode } from '../lib/spatial-tree.ts';

/** Props of ElementTree. */
export interface ElementTreeProps {
  /** null while the tree is being read. */
  nodes: ViewerTreeNode[] | null;
  selectedKey: string | null;
  onSelect: (key: string) => void;
}

interface Node extends TreeDataNode {
  node: ViewerTreeNode;
  children?: Node[];
}

function toData(nodes: readonly ViewerTreeNode[]): Node[] {
  return nodes.map((n) => ({
    key: n.key,
    node: n,
    selectable: !n.key.startsWith('c:'),
    ...(n.children ? { children: toData(n.children) } : { isLeaf: true }),
  }));
}

function Title({ node }: { node: ViewerTreeNode }): ReactElement {
  const group = node.count !== undefined;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {node.title}
      {group ? (
        <Typography.Text type="secondary"> ({node.count})</Typography.Text>
      ) : node.category && node.category !== node.title ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {' '}
          {node.category}
        </Typography.Text>
      ) : null}
    </span>
  );
}

/** Height of an element, followed with a ResizeObserver (the virtual Tree needs a number). */
function useHeight(): [(el: HTMLDivElement | null) => void, number] {
  const [height, setHeight] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = (el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    observer.current = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.current.observe(el);
    setHeight(el.clientHeight);
  };
  return [ref, height];
}

/** The element tree. */
export function ElementTree({ nodes, selectedKey, onSelect }: ElementTreeProps): ReactElement {
  const { t } = useTranslation(VIEWER_NS);
  const data = useMemo(() => (nodes ? toData(nodes) : []), [nodes]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [boxRef, height] = useHeight();
  const treeRef = useRef<{
    scrollTo: (opts: { key: Key; align?: 'top' | 'bottom' | 'auto' }) => void;
  } | null>(null);

  useEffect(() => {
    if (nodes) setExpanded(topKeys(nodes, 3));
  }, [nodes]);

  useEffect(() => {
    if (!nodes || !selectedKey) return;
    const path = pathTo(nodes, selectedKey);
    if (!path.length) return;
    setExpanded((prev) => [...new Set([...prev, ...path.slice(0, -1)])]);
    const id = setTimeout(() => treeRef.current?.scrollTo({ key: selectedKey, align: 'auto' }), 50);
    return () => clearTimeout(id);
  }, [nodes, selectedKey]);

  let body: ReactElement;
  if (!nodes)
    body = <Spin style={{ display: 'block', margin: '32px auto' }} description={t('treeLoading')} />;
  else if (!nodes.length) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('treeEmpty')} />;
  else
    body = (
      <Tree<Node>
        ref={treeRef as never}
        blockNode
        showLine
        virtual
        height={Math.max(height, 100)}
        treeData={data}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys)}
        selectedKeys={selectedKey ? [selectedKey] : []}
        onSelect={(_keys, info) => onSelect(String(info.node.key))}
        titleRender={(n) => <Title node={n.node} />}
      />
    );
  return (
    <div ref={boxRef} data-testid="viewer-tree" style={{ height: '100%', overflow: 'hidden' }}>
      {body}
    </div>
  );
}
