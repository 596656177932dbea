import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useT } from '@uc/shared';

export type ExceptionStatus = 403 | 404 | 500;

export default function ExceptionPage({ status }: { status: ExceptionStatus }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(`exception.${status}`)}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('exception.back')}
        </Button>
      }
    />
  );
}
