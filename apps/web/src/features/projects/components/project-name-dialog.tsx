/**
 * 新建项目 / 重命名项目 dialog (issue 5; 001 §5): a draggable dialog with one name field validated by the
 * contract's `ProjectName` (the file-name rule 文件名不能包含下列任何字符 \ / : * ? " < > |, at most 50
 * characters) before the server sees it; a refusal keeps the dialog open (the API client toasts it).
 */
import { ProjectName } from '@bimdrive/contracts';
import { Form, Input, type InputRef } from 'antd';
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableModal } from '../../../components/draggable-modal.tsx';
import '../i18n.ts';

/** Props of ProjectNameDialog. */
export interface ProjectNameDialogProps {
  open: boolean;
  title: string;
  initialName: string;
  confirmLoading: boolean;
  /** Resolve to close; reject to keep the dialog open. */
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}

/** The project name dialog. */
export function ProjectNameDialog(props: ProjectNameDialogProps): ReactElement {
  const { t } = useTranslation(['projects', 'common']);
  const [form] = Form.useForm<{ name: string }>();
  const input = useRef<InputRef>(null);
  const { open, initialName } = props;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ name: initialName });
    const id = window.setTimeout(() => input.current?.focus({ cursor: 'all' }), 60);
    return () => window.clearTimeout(id);
  }, [open, initialName, form]);

  const submit = async () => {
    let name: string;
    try {
      ({ name } = await form.validateFields());
    } catch {
      return;
    }
    try {
      await props.onSubmit(name.trim());
    } catch {
      /* refused: toasted by the API client */
    }
  };

  return (
    <DraggableModal
      open={open}
      title={props.title}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={props.confirmLoading}
      onOk={() => void submit()}
      onCancel={props.onCancel}
      destroyOnHidden
      width={480}
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()} style={{ marginTop: 16 }}>
        <Form.Item
          name="name"
          label={t('projectName')}
          rules={[
            { required: true, whitespace: true, message: t('nameRequired') },
            {
              validator: async (_, value: string | undefined) => {
                if (!value?.trim()) return;
                const r = ProjectName.safeParse(value.trim());
                if (!r.success) throw new Error(r.error.issues[0]?.message ?? t('nameRequired'));
              },
            },
          ]}
        >
          <Input
            ref={input}
            data-testid="project-name-input"
            placeholder={t('namePlaceholder')}
            maxLength={60}
            showCount={{ formatter: ({ count }) => `${count}/50` }}
          />
        </Form.Item>
      </Form>
    </DraggableModal>
  );
}
