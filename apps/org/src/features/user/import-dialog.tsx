import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Flex, Form, Input, Modal, Progress, Table, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { MEMBER_IMPORT_FIELDS, MEMBER_IMPORT_FILE_MAX_ROWS, memberImportCall, type MemberImportError } from '@uc/contracts';
import { useScopedCall, useT } from '@uc/client';
import { download as saveFile } from '@uc/ui';
import { registerImportMessages } from './import-messages';
import { refusedCsv, refusedSheet, refusedTable, templateSheets } from './import-report';
import { runImport, type ImportOutcome, type ImportProgress } from './import-run';
import { checkFileRows, readImportFile, toFileRows, type ColumnNames, type FileRow, type Say } from './import-users';
import { t as translate } from '@uc/client';

registerImportMessages();

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ACCEPT = `.xlsx,.csv,${XLSX_TYPE},text/csv`;

/** A column's names in a header: its title in each language of the console (the reader's file may be in either). */
const columnNames = (): ColumnNames =>
  Object.fromEntries(
    MEMBER_IMPORT_FIELDS.map((f) => [f, ['zh-CN', 'en-US'].map((locale) => translate(`org.import.col.${f}`, undefined, locale))]),
  ) as ColumnNames;

/** jsdom's File has no arrayBuffer(); the browser's has. */
const bytesOf = (file: File): Promise<Uint8Array> =>
  typeof file.arrayBuffer === 'function'
    ? file.arrayBuffer().then((b) => new Uint8Array(b))
    : new Promise((ok, fail) => {
        const reader = new FileReader();
        reader.onload = () => ok(new Uint8Array(reader.result as ArrayBuffer));
        reader.onerror = () => fail(reader.error);
        reader.readAsArrayBuffer(file);
      });

type Picked = { name: string; rows: FileRow[]; send: FileRow[]; refused: MemberImportError[] } | { name: string; problem: string };

interface Finished extends ImportOutcome {
  rows: FileRow[];
  /** Every row not imported with why, the rows never sent included. */
  report: MemberImportError[];
}

/** What the file's reading says when it cannot be imported, in the reader's language. */
function problemOf(result: ReturnType<typeof toFileRows>, t: Say): string | undefined {
  if (result.ok) return undefined;
  if (result.problem === 'empty') return t('org.import.empty');
  if (result.problem === 'tooMany') return t('org.import.tooMany', { count: result.count, max: MEMBER_IMPORT_FILE_MAX_ROWS });
  return t('org.import.badHeader', { columns: result.missing.map((f) => t(`org.import.col.${f}`)).join(t('org.import.sep.fields')) });
}

/**
 * 导入用户: the template, the file (xlsx or csv), the initial password for rows without one; then the
 * rows go part by part (import-run.ts) behind a progress bar of the whole file that can be cancelled,
 * and the rows not imported are listed with why and can be downloaded (xlsx or csv) to correct and
 * import again. Loaded when the import button is first pressed.
 */
export default function ImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const t = useT();
  const call = useScopedCall();
  const [form] = Form.useForm<{ initialPassword?: string }>();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [reading, setReading] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [finished, setFinished] = useState<Finished | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const cancelled = useRef(false);
  const running = progress !== null && finished === null;

  const reset = () => {
    setPicked(null);
    setProgress(null);
    setFinished(null);
    setCancelling(false);
    cancelled.current = false;
    form.resetFields();
  };
  const close = () => {
    if (running) return;
    reset();
    onClose();
  };

  const pick = async (file: File) => {
    setReading(true);
    try {
      const result = toFileRows(await readImportFile(await bytesOf(file)), columnNames());
      const problem = problemOf(result, t);
      if (problem || !result.ok) setPicked({ name: file.name, problem: problem ?? '' });
      else setPicked({ name: file.name, rows: result.rows, ...checkFileRows(result.rows, t) });
    } catch {
      setPicked({ name: file.name, problem: t('org.import.unreadable') });
    } finally {
      setReading(false);
      void form.validateFields().catch(() => undefined);
    }
  };
  const file = picked && 'rows' in picked ? picked : null;
  const withoutPassword = file ? file.send.filter((r) => r.password === '').length : 0;

  const downloadTemplate = async () => {
    const { writeXlsx } = await import('./xlsx-file');
    saveFile(writeXlsx(templateSheets(t)), `${t('org.import.templateFile')}.xlsx`, XLSX_TYPE);
  };

  const start = async () => {
    if (!file) return;
    const { initialPassword } = await form.validateFields();
    cancelled.current = false;
    const outcome = await runImport(file.send, {
      total: file.rows.length,
      refusedBefore: file.refused,
      cancelled: () => cancelled.current,
      onProgress: setProgress,
      send: (part) =>
        call(memberImportCall, {
          body: { rows: part, ...(withoutPassword > 0 && initialPassword ? { initialPassword } : {}) },
        }),
    });
    const why = outcome.stopped?.kind === 'failed' ? t('org.import.notSent.failed', { message: outcome.stopped.message }) : t('org.import.notSent.cancelled');
    const report = [...outcome.errors, ...outcome.notSent.map((r) => ({ row: r.row, field: '', message: why }))].sort((a, b) => a.row - b.row);
    setFinished({ ...outcome, rows: file.rows, report });
    if (outcome.imported > 0) onImported();
  };

  const download = async (format: 'xlsx' | 'csv') => {
    if (!finished) return;
    const table = refusedTable(finished.rows, finished.report, t);
    const name = t('org.import.refusedFile');
    if (format === 'csv') saveFile(refusedCsv(table), `${name}.csv`, 'text/csv;charset=utf-8');
    else {
      const { writeXlsx } = await import('./xlsx-file');
      saveFile(writeXlsx([refusedSheet(table, t)]), `${name}.xlsx`, XLSX_TYPE);
    }
  };

  const refusedRows = finished ? new Set(finished.report.map((e) => e.row)).size : 0;
  const percent = progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0;
  const fieldName = (field: string) => ((MEMBER_IMPORT_FIELDS as string[]).includes(field) ? t(`org.import.col.${field}`) : t('org.import.wholeRow'));

  const footer = finished
    ? [
        <Button key="again" onClick={reset}>
          {t('org.import.again')}
        </Button>,
        <Button key="close" type="primary" onClick={close}>
          {t('org.import.close')}
        </Button>,
      ]
    : running
      ? [
          <Button
            key="cancel"
            danger
            disabled={cancelling}
            onClick={() => {
              cancelled.current = true;
              setCancelling(true);
            }}
          >
            {t('org.import.cancel')}
          </Button>,
        ]
      : [
          <Button key="close" onClick={close}>
            {t('org.import.close')}
          </Button>,
          <Button key="start" type="primary" disabled={!file || file.send.length === 0} loading={reading} onClick={() => void start().catch(() => undefined)}>
            {t('org.import.start')}
          </Button>,
        ];

  return (
    <Modal
      open={open}
      title={t('org.import.dialog')}
      width={680}
      onCancel={close}
      closable={!running}
      mask={{ closable: false }}
      keyboard={!running}
      footer={footer}
    >
      {progress === null && (
        <Flex vertical gap="middle">
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t('org.import.intro')}</Typography.Paragraph>
          <div>
            <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()}>
              {t('org.import.template')}
            </Button>
          </div>
          <Upload.Dragger accept={ACCEPT} multiple={false} showUploadList={false} beforeUpload={(f) => (void pick(f), false)} disabled={reading}>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('org.import.drop')}</p>
            <p className="ant-upload-hint">{t('org.import.dropHint', { max: MEMBER_IMPORT_FILE_MAX_ROWS })}</p>
          </Upload.Dragger>
          {reading && <Alert type="info" title={t('org.import.reading')} />}
          {picked && !reading && (
            <Alert
              type={file ? 'info' : 'error'}
              title={file ? t('org.import.fileRows', { name: picked.name, count: file.rows.length }) : (picked as { problem: string }).problem}
            />
          )}
          <Form form={form} layout="vertical" name="user-import">
            <Form.Item
              name="initialPassword"
              label={t('org.import.initialPassword')}
              extra={t('org.import.initialPassword.help')}
              rules={[
                { required: withoutPassword > 0, message: t('org.import.initialPassword.needed', { count: withoutPassword }) },
                { min: 8, message: t('org.import.initialPassword.rule') },
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Form>
        </Flex>
      )}
      {progress !== null && (
        <Flex vertical gap="small">
          <Typography.Text>{running ? (cancelling ? t('org.import.cancelling') : t('org.import.running')) : null}</Typography.Text>
          <Progress percent={percent} status={finished ? (finished.stopped ? 'exception' : 'success') : 'active'} aria-label={t('org.import.running')} />
          <Typography.Text>{t('org.import.progress', { ...progress })}</Typography.Text>
          {finished && (
            <Alert
              type={finished.stopped?.kind === 'failed' ? 'error' : refusedRows > 0 ? 'warning' : 'success'}
              title={
                finished.stopped?.kind === 'failed'
                  ? t('org.import.stopped', { message: finished.stopped.message })
                  : finished.stopped?.kind === 'cancelled'
                    ? t('org.import.cancelled', { imported: finished.imported, left: finished.notSent.length })
                    : refusedRows > 0
                      ? t('org.import.summary', { imported: finished.imported, refused: refusedRows })
                      : t('org.import.done', { imported: finished.imported })
              }
            />
          )}
          {finished && finished.report.length > 0 && (
            <>
              <Flex justify="space-between" align="center">
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {t('org.import.refused')}
                </Typography.Title>
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'xlsx', label: t('org.import.downloadRefused.xlsx') },
                      { key: 'csv', label: t('org.import.downloadRefused.csv') },
                    ],
                    onClick: ({ key }) => void download(key as 'xlsx' | 'csv'),
                  }}
                >
                  <Button icon={<DownloadOutlined />}>{t('org.import.downloadRefused')}</Button>
                </Dropdown>
              </Flex>
              <Table
                rowKey={(e) => `${e.row}:${e.field}:${e.message}`}
                size="small"
                dataSource={finished.report}
                pagination={{ pageSize: 8, showSizeChanger: false, hideOnSinglePage: true }}
                columns={[
                  { key: 'row', dataIndex: 'row', title: t('org.import.row'), width: 80 },
                  { key: 'field', dataIndex: 'field', title: t('org.import.field'), width: 110, render: (field: string) => fieldName(field) },
                  { key: 'message', dataIndex: 'message', title: t('org.import.reason') },
                ]}
              />
            </>
          )}
        </Flex>
      )}
    </Modal>
  );
}
