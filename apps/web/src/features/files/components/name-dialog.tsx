/**
 * Name dialog for 新建文件夹 and 重命名 (spec 001 §5): names must not contain \ / : * ? " < > |; the
 * message 文件名不能包含下列任何字符 \ / : * ? " < > | is checked client side before the server sees it.
 */
import { Form, Input } from 'antd';
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { InputRef } from 'antd';
import { validateFileName } from '../../../lib/file-name.ts';
import { DraggableModal } from '../../../components/draggable-modal.tsx';
import '../i18n.ts';

/** Props of NameDialog. */
export interface NameDialogProps {
  open: boolean;
  title: string;
  label: string;
  initialName: string;
  /** Select the base name only (without the suffix) when renaming a file. */
  selectBaseName?: boolean;
  confirmLoading: boolean;
  /** Resolve to close the dialog; reject to keep it open (the server refused). */
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}

/** A one-field dialog asking for a file or folder name. */
export function NameDialog(props: NameDialogProps): ReactElement {
  const { t } = useTranslation(['files', 'common']);
  const [form] = Form.useForm<{ name: string }>();
  const input = useRef<InputRef>(null);
  const { open, initialName, selectBaseName } = props;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ name: initialName });
    const id = window.setTimeout(() => {
      const el = input.current?.input;
      if (!el) return;
      el.focus();
      const dot = initialName.lastIndexOf('.');
      el.setSelectionRange(0, selectBaseName && dot > 0 ? dot : initialName.length);
    }, 60);
    return () => window.clearTimeout(id);
  }, [open, initialName, selectBaseName, form]);

  const submit = async () => {
    let name: string;
    try {
      ({ name } = await form.validateFields());
    } catch {
      return; // the form shows the rule's message under the field
    }
    try {
      await props.onSubmit(name.trim());
    } catch {
      /* refused: the API client showed the server message; keep the dialog open */
    }
  };

  return (
    <DraggableModal
      open={open}
      title={props.title}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      onOk={submit}
      onCancel={props.onCancel}
      confirmLoading={props.confirmLoading}
      destroyOnHidden
      width={440}
    >
      <Form form={form} layout="vertical" onFinish={submit} style={{ marginTop: 16 }}>
        <Form.Item
          name="name"
          label={props.label}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const msg = validateFileName(value ?? '');
                return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input ref={input} maxLength={200} />
        </Form.Item>
      </Form>
    </DraggableModal>
  );
}
