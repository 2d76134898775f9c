/**
 * A draggable one-field name dialog: 新建文件夹 / 重命名 (spec 001 §5), 新建项目 / 重命名项目 (issue 5).
 * The name is checked client side before the server sees it — by default with the file-name rule
 * (message 文件名不能包含下列任何字符 \ / : * ? " < > |), or with the caller's `validate`; a refusal by
 * the server keeps the dialog open (the API client toasts it).
 */
import { Form, Input } from 'antd';
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { InputRef } from 'antd';
import { validateFileName } from '../lib/file-name.ts';
import { DraggableModal } from './draggable-modal.tsx';

/** Props of NameDialog. */
export interface NameDialogProps {
  open: boolean;
  title: string;
  label: string;
  initialName: string;
  /** Select the base name only (without the suffix) when renaming a file. */
  selectBaseName?: boolean;
  /** The rule: null when valid, else the message shown under the field (default: file names, 001 §5). */
  validate?: (name: string) => string | null;
  /** Longest name the field accepts (shown as a counter when given). */
  maxLength?: number;
  placeholder?: string;
  /** data-testid of the input. */
  inputTestId?: string;
  confirmLoading: boolean;
  /** Resolve to close the dialog; reject to keep it open (the server refused). */
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}

/** A one-field dialog asking for a file or folder name. */
export function NameDialog(props: NameDialogProps): ReactElement {
  const { t } = useTranslation(['common']);
  const [form] = Form.useForm<{ name: string }>();
  const input = useRef<InputRef>(null);
  const { open, initialName, selectBaseName } = props;
  const validate = props.validate ?? validateFileName;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
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
                const msg = validate(value ?? '');
                return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input
            ref={input}
            data-testid={props.inputTestId}
            placeholder={props.placeholder}
            maxLength={props.maxLength ? props.maxLength + 10 : 200}
            showCount={props.maxLength ? { formatter: ({ count }) => `${count}/${props.maxLength}` } : false}
          />
        </Form.Item>
      </Form>
    </DraggableModal>
  );
}
