import { Collapse, Form, Input } from 'antd';
import {
  upgradeLogEditBody,
  upgradeLogEditCall,
  UPGRADE_LOG_CONTENT_MAX,
  UPGRADE_LOG_TITLE_MAX,
  UPGRADE_LOG_VERSION_MAX,
  type UpgradeLogInput,
  type UpgradeLogRow,
} from '@uc/contracts';
import { call, useT } from '@uc/client';
import { contractRule, FormDrawer } from '@uc/ui';
import { SanitisedHtml } from '../../lib/sanitised-html';

interface UpgradeLogFormDrawerProps {
  open: boolean;
  /** The entry to edit; absent: a new one. */
  record?: UpgradeLogRow | undefined;
  onClose: () => void;
  onSaved: (saved: UpgradeLogRow) => void;
}

export interface UpgradeLogFormValues {
  plugin: string;
  version: string;
  title: string;
  /** As the datetime-local input holds it: local time, YYYY-MM-DDTHH:mm[:ss]; empty: now (create) or unchanged (edit). */
  upgradedAt?: string;
  content: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as the datetime-local input writes it (seconds only when there are some), in the reader's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const seconds = d.getSeconds() ? `:${pad(d.getSeconds())}` : '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}${seconds}`;
}

/** The same minute and second: the input keeps no milliseconds, so an untouched time must not count as a change. */
const sameTime = (local: string, iso: string) => Math.floor(new Date(local).getTime() / 1000) === Math.floor(new Date(iso).getTime() / 1000);

/** The body upgradeLogEditCall takes; the time is sent only when it was set or changed (the input has no milliseconds). */
export function upgradeLogBody(values: UpgradeLogFormValues, record?: UpgradeLogRow): UpgradeLogInput {
  const at = values.upgradedAt?.trim();
  const changed = at && (!record || !sameTime(at, record.upgradedAt));
  return {
    ...(record ? { id: record.id } : {}),
    plugin: values.plugin.trim(),
    version: values.version.trim(),
    title: values.title.trim(),
    content: values.content ?? '',
    // A datetime-local value has no zone: the browser reads it as local time.
    ...(changed ? { upgradedAt: new Date(at).toISOString() } : {}),
  };
}

/** Add or edit an upgrade log entry by hand (platform administrators); its notes are markdown. */
export function UpgradeLogFormDrawer({ open, record, onClose, onSaved }: UpgradeLogFormDrawerProps) {
  const t = useT();
  const [form] = Form.useForm<UpgradeLogFormValues>();
  const shape = upgradeLogEditBody.shape;
  const required = (key: string) => ({ required: true, whitespace: true, message: t(key) });
  return (
    <FormDrawer
      open={open}
      title={t(record ? 'home.upgrade.editTitle' : 'home.upgrade.createTitle')}
      name="upgrade-log"
      form={form}
      width={720}
      values={
        record
          ? { plugin: record.plugin, version: record.version, title: record.title, upgradedAt: toLocalInput(record.upgradedAt), content: record.content }
          : { plugin: '', version: '', title: '', upgradedAt: '', content: '' }
      }
      onSubmit={(values) => call(upgradeLogEditCall, { body: upgradeLogBody(values, record), done: 'saved' })}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item
        name="plugin"
        label={t('home.upgrade.field.plugin')}
        extra={t('home.upgrade.help.plugin')}
        rules={[required('home.upgrade.rule.plugin'), contractRule(shape.plugin)]}
      >
        <Input count={{ show: true, max: 128 }} />
      </Form.Item>
      <Form.Item name="version" label={t('home.upgrade.field.version')} rules={[required('home.upgrade.rule.version'), contractRule(shape.version)]}>
        <Input count={{ show: true, max: UPGRADE_LOG_VERSION_MAX }} placeholder="1.2.0" />
      </Form.Item>
      <Form.Item name="title" label={t('home.upgrade.field.title')} rules={[required('home.upgrade.rule.title'), contractRule(shape.title)]}>
        <Input count={{ show: true, max: UPGRADE_LOG_TITLE_MAX }} />
      </Form.Item>
      <Form.Item
        name="upgradedAt"
        label={t('home.upgrade.field.upgradedAt')}
        extra={t(record ? 'home.upgrade.help.upgradedAtEdit' : 'home.upgrade.help.upgradedAt')}
      >
        <Input type="datetime-local" step={1} style={{ maxWidth: 260 }} />
      </Form.Item>
      <Form.Item name="content" label={t('home.upgrade.field.content')} extra={t('home.upgrade.help.content')} rules={[contractRule(shape.content)]}>
        <Input.TextArea
          autoSize={{ minRows: 10, maxRows: 28 }}
          count={{ show: true, max: UPGRADE_LOG_CONTENT_MAX }}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
          placeholder={t('home.upgrade.placeholder.content')}
        />
      </Form.Item>
      {record && (
        <Collapse
          size="small"
          items={[
            {
              key: 'saved',
              label: t('home.upgrade.savedPreview'),
              children: record.contentHtml.trim() ? <SanitisedHtml html={record.contentHtml} testId="upgrade-content" /> : t('home.upgrade.noContent'),
            },
          ]}
        />
      )}
    </FormDrawer>
  );
}
