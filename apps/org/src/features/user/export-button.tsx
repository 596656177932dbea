import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Modal, Progress } from 'antd';
import { useState } from 'react';
import { type FilterTriple } from '@uc/contracts';
import { useScopedCall, useT } from '@uc/client';
import { download, fetchAllUsers, toCsv, toExcelXml, type ExportColumn } from './export-users';
import type { UserListCall } from './user-row';

interface ExportButtonProps {
  /** The list on screen (users or recycle bin), read in the screen's tenant scope. */
  listCall: UserListCall;
  filter: FilterTriple[];
  sort?: string;
  columns: ExportColumn[];
}

/** Exports the current filtered list (all pages) to CSV or Excel, with a progress bar while it loads. */
export function ExportButton({ listCall, filter, sort, columns }: ExportButtonProps) {
  const t = useT();
  const call = useScopedCall();
  const [progress, setProgress] = useState<number | null>(null);
  const run = async (format: 'csv' | 'xls') => {
    setProgress(0);
    try {
      const rows = await fetchAllUsers(call, { listCall, filter, sort }, setProgress);
      const stamp = new Date().toISOString().slice(0, 10);
      if (format === 'csv') download(toCsv(rows, columns), `users-${stamp}.csv`, 'text/csv;charset=utf-8');
      else download(toExcelXml(rows, columns, t('org.user.title')), `users-${stamp}.xls`, 'application/vnd.ms-excel');
    } catch {
      // The API client has shown the error.
    } finally {
      setProgress(null);
    }
  };
  return (
    <>
      <Dropdown
        menu={{
          items: [
            { key: 'csv', label: t('org.export.csv') },
            { key: 'xls', label: t('org.export.excel') },
          ],
          onClick: ({ key }) => void run(key as 'csv' | 'xls'),
        }}
        // A click opens it: it works by touch and keyboard, and does not close when the pointer crosses the gap.
        trigger={['click']}
      >
        <Button icon={<DownloadOutlined />}>{t('org.export.title')}</Button>
      </Dropdown>
      <Modal open={progress !== null} footer={null} closable={false} title={t('org.export.running')}>
        <Progress percent={Math.round((progress ?? 0) * 100)} />
      </Modal>
    </>
  );
}
