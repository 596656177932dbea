import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Table, Upload } from 'antd';
import { useState } from 'react';
import { memberImportCall } from '@uc/contracts';
import { useScopedCall, useT } from '@uc/client';
import { parseCsv, toImportRows } from './import-users';

type Report = { row: number; message: string }[];

/**
 * Imports users from a CSV file (columns: username, password, realName, mobile, email, remark): all rows
 * or none, into the tenant of the scope it is rendered in.
 */
export function ImportButton({ onImported }: { onImported: () => void }) {
  const t = useT();
  const call = useScopedCall();
  const { message } = App.useApp();
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (file: File) => {
    const rows = toImportRows(parseCsv(await file.text()));
    if (!rows) return void message.error(t('org.import.badHeader'));
    setBusy(true);
    try {
      const result = await call(memberImportCall, { body: { rows } });
      if (result.errors.length > 0) setReport(result.errors);
      else {
        void message.success(t('org.import.done', { count: result.imported }));
        onImported();
      }
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={(file) => (void run(file), false)}>
        <Button icon={<UploadOutlined />} loading={busy}>
          {t('org.import.title')}
        </Button>
      </Upload>
      <Modal open={report !== null} title={t('org.import.failed')} footer={null} onCancel={() => setReport(null)}>
        <Table
          rowKey="row"
          size="small"
          pagination={false}
          dataSource={report ?? []}
          columns={[
            { key: 'row', dataIndex: 'row', title: t('org.import.row'), width: 80 },
            { key: 'message', dataIndex: 'message', title: t('org.import.reason') },
          ]}
        />
      </Modal>
    </>
  );
}
