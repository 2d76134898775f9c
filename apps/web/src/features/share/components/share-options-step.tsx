/**
 * Step 1 of the share dialog (spec 001 §2 Share dialog, §5, §8, §9): the share-limit check with a
 * spinner, then either the limit notice with the accounts table or the options form. A creation the
 * server refuses over the limit (a share made meanwhile elsewhere) replaces the form with the same
 * notice. The notice offers 去升级 (/payCenter in a new tab) for the sharer's own plan, and for the
 * company's plan to company administrators; other members are told to ask their administrator.
 */
import {
  Alert,
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  Radio,
  Result,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShareCreatedValue } from '@bimdrive/contracts';
import { SharingPlansDialog } from '../../companies/components/corp-users-dialog.tsx';
import { openPayCenter, type PayTarget } from '../../service/lib/pay-center.ts';
import { useSession } from '../../../stores/session-store.ts';
import { useShareCheck, type ShareLimitValue } from '../api/check-share.ts';
import { shareLimitOf, useCreateShare } from '../api/create-share.ts';
import {
  buildShareEntry,
  DEFAULT_SHARE_FORM,
  MAX_PWD_LENGTH,
  validateShareForm,
  type ShareFormValues,
} from '../lib/share-entry.ts';
import '../i18n.ts';

/** Props of ShareOptionsStep. */
export interface ShareOptionsStepProps {
  file: { iuid: string; fileName: string };
  onCreated: (created: ShareCreatedValue) => void;
  onCancel: () => void;
}

/** Props of the options form: the step's, plus where a refusal over the share limit goes. */
interface ShareFormProps extends ShareOptionsStepProps {
  onLimit: (data: ShareLimitValue) => void;
}

const DATE_FORMAT = 'YYYY-MM-DD';

/** Check, then the options form (001 §2 step 1). */
export function ShareOptionsStep({ file, onCreated, onCancel }: ShareOptionsStepProps): ReactElement {
  const { t } = useTranslation('share');
  const checkEntry = useMemo(() => buildShareEntry(file, DEFAULT_SHARE_FORM), [file]);
  const check = useShareCheck(checkEntry);
  const [refused, setRefused] = useState<ShareLimitValue | null>(null);

  if (check.isPending)
    return (
      <Flex justify="center" style={{ padding: '48px 0' }} data-testid="share-checking">
        <Spin description={t('checking')} />
      </Flex>
    );
  if (check.isError)
    return (
      <Result
        status="warning"
        title={t('checkFailed')}
        subTitle={check.error.message}
        extra={<Button onClick={() => void check.refetch()}>{t('retry')}</Button>}
      />
    );
  if (refused) return <ShareLimitNotice data={refused} onClose={onCancel} />;
  if (check.data.shareCountError) return <ShareLimitNotice data={check.data} onClose={onCancel} />;
  return <ShareForm file={file} onCreated={onCreated} onCancel={onCancel} onLimit={setRefused} />;
}

/** Which payment centre 去升级 opens for a limit, or null when the user must ask their administrator. */
function upgradeTarget(
  data: ShareLimitValue,
  user: { corpIdbit?: boolean; iscorpadmin?: boolean; systemIsPersonal?: boolean } | null,
): PayTarget | null {
  const scope = data.scope ?? (user?.corpIdbit && !user.systemIsPersonal ? 'corp' : 'person');
  if (scope === 'person') return 'person';
  return user?.iscorpadmin ? 'corp' : null;
}

/** Share-limit notice and accounts table (001 §2, §3, §8). */
function ShareLimitNotice({ data, onClose }: { data: ShareLimitValue; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['share', 'companies']);
  const [plansOpen, setPlansOpen] = useState(false);
  const user = useSession((st) => st.user);
  const upgrade = upgradeTarget(data, user);
  return (
    <div data-testid="share-limit">
      <Alert
        type="warning"
        showIcon
        title={t('limitTitle')}
        description={
          <>
            {t('limitText', { count: data.shareFileCount, limit: data.limitShareCount })}
            <br />
            {upgrade === 'person'
              ? t('limitUpgradeSelf')
              : upgrade === 'corp'
                ? t('limitUpgradeCorp')
                : t('limitContact')}
          </>
        }
      />
      {(data.isview || data.viewData.length > 0) && (
        <Table
          style={{ marginTop: 16 }}
          size="small"
          rowKey="userName"
          pagination={false}
          scroll={{ y: 240 }}
          dataSource={data.viewData}
          columns={[
            { title: t('limitAccount'), dataIndex: 'userName' },
            { title: t('limitShared'), dataIndex: 'shareCount', width: 140, align: 'right' },
          ]}
        />
      )}
      <Flex justify="end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={() => setPlansOpen(true)} data-testid="share-plans-open">
          {t('companies:corpUsers.plans')}
        </Button>
        <Button onClick={onClose}>{t('close')}</Button>
        {upgrade && (
          <Button type="primary" data-testid="share-limit-upgrade" onClick={() => openPayCenter(upgrade)}>
            {t('limitUpgrade')}
          </Button>
        )}
      </Flex>
      <SharingPlansDialog open={plansOpen} onClose={() => setPlansOpen(false)} />
    </div>
  );
}

/** The options form (001 §2 step 1, §5 validation). */
function ShareForm({ file, onCreated, onCancel, onLimit }: ShareFormProps): ReactElement {
  const { t } = useTranslation('share');
  const [values, setValues] = useState<ShareFormValues>(DEFAULT_SHARE_FORM);
  const create = useCreateShare();
  const set = (patch: Partial<ShareFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = () => {
    const problem = validateShareForm(values, dayjs().format(DATE_FORMAT));
    if (problem) {
      void message.warning(t(problem));
      return;
    }
    create.mutate([buildShareEntry(file, values)], {
      onSuccess: onCreated,
      onError: (error) => {
        const limit = shareLimitOf(error);
        if (limit) onLimit(limit);
      },
    });
  };

  return (
    <Form layout="horizontal" labelCol={{ flex: '96px' }} colon={false} data-testid="share-form">
      <Form.Item label={t('validity')}>
        <Space wrap>
          <Radio.Group
            aria-label={t('validity')}
            value={values.validity}
            onChange={(e) => set({ validity: e.target.value as ShareFormValues['validity'] })}
            options={[
              { value: 'week', label: t('validityWeek') },
              { value: 'month', label: t('validityMonth') },
              { value: 'forever', label: t('validityForever') },
              { value: 'custom', label: t('validityCustom') },
            ]}
          />
          {values.validity === 'custom' && (
            <DatePicker
              data-testid="share-date"
              format={DATE_FORMAT}
              placeholder={t('pickDate')}
              value={values.customDate ? dayjs(values.customDate, DATE_FORMAT) : null}
              disabledDate={(d: Dayjs) => !d.isAfter(dayjs(), 'day')}
              onChange={(d: Dayjs | null) => set({ customDate: d ? d.format(DATE_FORMAT) : null })}
            />
          )}
        </Space>
      </Form.Item>
      <Form.Item label={t('extractCode')}>
        <Radio.Group
          aria-label={t('extractCode')}
          value={values.access}
          onChange={(e) => set({ access: e.target.value as ShareFormValues['access'] })}
          options={[
            { value: 'code', label: t('withCode') },
            { value: 'public', label: t('publicLink') },
          ]}
        />
        {values.access === 'code' ? (
          <Flex gap={12} align="center" wrap style={{ marginTop: 12 }}>
            <Radio.Group
              aria-label={t('extractCode')}
              value={values.pwdWay}
              onChange={(e) => set({ pwdWay: e.target.value as ShareFormValues['pwdWay'] })}
              options={[
                { value: 'system', label: t('systemCode') },
                { value: 'custom', label: t('customCode') },
              ]}
            />
            {values.pwdWay === 'custom' && (
              <Input
                data-testid="share-custom-pwd"
                style={{ width: 200 }}
                maxLength={MAX_PWD_LENGTH}
                placeholder={t('customCodePlaceholder')}
                value={values.customPwd}
                onChange={(e) => set({ customPwd: e.target.value })}
                onPressEnter={submit}
              />
            )}
          </Flex>
        ) : (
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t('publicHint')}
          </Typography.Paragraph>
        )}
      </Form.Item>
      <Form.Item label={t('permission')}>
        <Radio.Group
          aria-label={t('permission')}
          value={values.permission}
          onChange={(e) => set({ permission: e.target.value as ShareFormValues['permission'] })}
          options={[
            { value: 'download', label: t('allowDownload') },
            { value: 'browse', label: t('browseOnly') },
          ]}
        />
      </Form.Item>
      <Flex justify="end" gap={8}>
        <Button onClick={onCancel}>{t('cancel')}</Button>
        <Button type="primary" data-testid="share-create" loading={create.isPending} onClick={submit}>
          {t('create')}
        </Button>
      </Flex>
    </Form>
  );
}
