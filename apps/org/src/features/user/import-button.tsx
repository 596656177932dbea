import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useT } from '@uc/client';

// The dialog, its texts and the file readers load when the button is first pressed, not with the list.
const ImportDialog = lazy(() => import('./import-dialog'));

/**
 * 导入: opens the user import (import-dialog.tsx) into the tenant of the scope it is rendered in;
 * `onImported` runs once users were created, so the list shows them.
 */
export function ImportButton({ onImported }: { onImported: () => void }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<UploadOutlined />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t('org.import.title')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ImportDialog open={open} onClose={() => setOpen(false)} onImported={onImported} />
        </Suspense>
      )}
    </>
  );
}
