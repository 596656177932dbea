import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useT } from '@uc/client';
import { ConsoleConfigProvider } from '@uc/ui';

export type ExceptionStatus = 403 | 404 | 500;

function Exception({ status }: { status: ExceptionStatus }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(`exception.${status}`)}
      data-testid={`exception-${status}`}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('exception.back')}
        </Button>
      }
    />
  );
}

/** The 403/404/500 pages; `bare` when shown outside the main layout (which provides the theme). */
export default function ExceptionPage({ status, bare = false }: { status: ExceptionStatus; bare?: boolean }) {
  return bare ? (
    <ConsoleConfigProvider>
      <Exception status={status} />
    </ConsoleConfigProvider>
  ) : (
    <Exception status={status} />
  );
}
