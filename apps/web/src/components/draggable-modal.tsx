/**
 * An antd Modal that can be dragged by its title bar (spec 000 §2 Dialogs: "Dialogs can be
 * dragged"); it opens centred again after closing. Same props as antd's Modal (useModalDrag).
 */
import { Modal, type ModalProps } from 'antd';
import type { ReactElement } from 'react';
import { useModalDrag } from './use-modal-drag.tsx';

/** A draggable dialog; see the module docstring. */
export function DraggableModal({ title, modalRender, afterClose, ...props }: ModalProps): ReactElement {
  const drag = useModalDrag();
  return (
    <Modal
      {...props}
      title={drag.title(title)}
      modalRender={(node) => drag.modalRender(modalRender ? modalRender(node) : node)}
      afterClose={() => {
        drag.reset();
        afterClose?.();
      }}
    />
  );
}
