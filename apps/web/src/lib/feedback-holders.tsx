/**
 * The antd message and modal holders behind `useFeedback` (lib/feedback.tsx), in a chunk of their own
 * that loads with the first toast or dialog (issue 17). Renders antd's context holders where the
 * provider sits (inside `ConfigProvider`: theme and locale apply) and hands their APIs over.
 */
import { message, Modal } from 'antd';
import type { ConfigOptions, MessageInstance } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useEffect, type ReactElement } from 'react';

/** antd's message and modal hook instances, as the holders hand them over. */
export interface FeedbackApis {
  message: MessageInstance;
  modal: HookAPI;
}

/** Props of FeedbackHolders. */
export interface FeedbackHoldersProps {
  messageConfig?: ConfigOptions;
  /** Called with the holders' APIs once they are mounted. */
  onReady: (apis: FeedbackApis) => void;
}

/** antd's `message.useMessage` and `Modal.useModal` holders. */
export default function FeedbackHolders({ messageConfig, onReady }: FeedbackHoldersProps): ReactElement {
  const [messageApi, messageHolder] = message.useMessage(messageConfig);
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => onReady({ message: messageApi, modal: modalApi }), [messageApi, modalApi, onReady]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
