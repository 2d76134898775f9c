/**
 * An antd Modal that can be dragged by its title bar (spec 000 §2 Dialogs: "Dialogs can be dragged");
 * it opens centred again after closing. With `resizable` (000 §2 "Some can be maximised and resized
 * (minimum 400 by 300)", §9; 001 §2 the model-link dialog's full-screen toggle) it also has a
 * 最大化 / 还原 button in its title bar and a grip at its bottom-right corner; the body then fills the
 * dialog's height and scrolls. Same props as antd's Modal otherwise (useModalDrag).
 */
import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { Button, Modal, Tooltip, type ModalProps } from 'antd';
import { useRef, useState, type PointerEvent as ReactPointerEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { resizeBox, useModalDrag, type Box } from './use-modal-drag.tsx';
import { followPointer } from '../lib/pointer-drag.ts';

/** Props of DraggableModal: antd's Modal props plus `resizable`. */
export interface DraggableModalProps extends ModalProps {
  /** Offer maximise / restore and corner resizing (minimum 400 × 300 px). */
  resizable?: boolean;
  /**
   * With `resizable` and a numeric `width`: the dialog's starting height (px), so its body fills a
   * known height from the start (content laid out with `height: 100%`).
   */
  defaultHeight?: number;
}

/** Space kept around a maximised dialog (px). */
const MAXIMISED_MARGIN = 16;

/** A draggable (and optionally resizable) dialog; see the module docstring. */
export function DraggableModal({
  title,
  modalRender,
  afterClose,
  resizable = false,
  defaultHeight,
  width,
  styles,
  style,
  ...props
}: DraggableModalProps): ReactElement {
  const { t } = useTranslation('common');
  const drag = useModalDrag();
  const content = useRef<HTMLDivElement>(null);
  const initial: Box | null =
    defaultHeight !== undefined && typeof width === 'number' ? { width, height: defaultHeight } : null;
  const [size, setSize] = useState<Box | null>(initial);
  const [maximised, setMaximised] = useState(false);

  const onGrip = (e: ReactPointerEvent<HTMLDivElement>) => {
    const rect = content.current?.getBoundingClientRect();
    if (e.button !== 0 || !rect) return;
    e.preventDefault();
    e.stopPropagation();
    const box = { width: rect.width, height: rect.height };
    const room = { width: window.innerWidth - rect.left - 8, height: window.innerHeight - rect.top - 8 };
    const startOffset = drag.offset();
    followPointer(e, (dx, dy) => {
      const next = resizeBox(box, dx, dy, {
        width: rect.width + room.width,
        height: rect.height + room.height,
      });
      setSize(next);
      // antd centres the dialog: keep its left edge still while the right edge follows the pointer.
      drag.setOffset({ x: startOffset.x + (next.width - box.width) / 2, y: startOffset.y });
    });
  };

  const toggleLabel = maximised ? t('dialog.restore') : t('dialog.maximise');
  const titleNode = resizable ? (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginRight: 32 }}>
      <div style={{ flex: 1, minWidth: 0 }}>{maximised ? title : drag.title(title)}</div>
      <Tooltip title={toggleLabel}>
        <Button
          type="text"
          size="small"
          aria-label={toggleLabel}
          data-testid="dialog-maximise"
          icon={maximised ? <CompressOutlined /> : <ExpandOutlined />}
          onClick={() => {
            setMaximised((m) => !m);
            drag.reset();
          }}
        />
      </Tooltip>
    </div>
  ) : (
    drag.title(title)
  );

  const box: Box | null = maximised
    ? {
        width: window.innerWidth - 2 * MAXIMISED_MARGIN,
        height: window.innerHeight - 2 * MAXIMISED_MARGIN,
      }
    : size;
  const sized = resizable && box !== null;
  const base = typeof styles === 'function' ? undefined : styles;

  return (
    <Modal
      {...props}
      title={titleNode}
      width={sized ? box.width : width}
      style={maximised ? { ...style, top: MAXIMISED_MARGIN, paddingBottom: 0, maxWidth: 'none' } : style}
      styles={
        sized && typeof styles !== 'function'
          ? {
              ...base,
              container: { ...base?.container, height: box.height, display: 'flex', flexDirection: 'column' },
              body: { ...base?.body, flex: 1, minHeight: 0, overflow: 'auto' },
            }
          : styles
      }
      modalRender={(node) => {
        const inner = modalRender ? modalRender(node) : node;
        if (!resizable) return drag.modalRender(inner);
        return drag.modalRender(
          <div ref={content} style={{ position: 'relative' }} data-testid="resizable-dialog">
            {inner}
            {!maximised && (
              <div
                role="separator"
                aria-label={t('dialog.resize')}
                data-testid="dialog-resize-grip"
                onPointerDown={onGrip}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 18,
                  height: 18,
                  cursor: 'nwse-resize',
                  touchAction: 'none',
                  // Above the dialog's own panel (positioned too); antd turns pointer events off
                  // around the panel.
                  zIndex: 2,
                  pointerEvents: 'auto',
                  background:
                    'linear-gradient(135deg, transparent 55%, rgba(0,0,0,.25) 55%, rgba(0,0,0,.25) 62%, transparent 62%, transparent 74%, rgba(0,0,0,.25) 74%, rgba(0,0,0,.25) 81%, transparent 81%)',
                }}
              />
            )}
          </div>,
        );
      }}
      afterClose={() => {
        drag.reset();
        setSize(initial);
        setMaximised(false);
        afterClose?.();
      }}
    />
  );
}
