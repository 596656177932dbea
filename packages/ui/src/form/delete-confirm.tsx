import { Popconfirm, type PopconfirmProps } from 'antd';
import { useT } from '@uc/client';

export type DeleteConfirmProps = Omit<PopconfirmProps, 'okText' | 'cancelText'>;

/**
 * The one confirmation before a delete, the same on every screen: the question names what goes, and the
 * buttons say 删除 (in red) and 取消, as the batch bar's delete does.
 */
export function DeleteConfirm({ okButtonProps, children, ...rest }: DeleteConfirmProps) {
  const t = useT();
  return (
    <Popconfirm okText={t('form.delete')} cancelText={t('form.cancel')} okButtonProps={{ danger: true, ...okButtonProps }} {...rest}>
      {children}
    </Popconfirm>
  );
}
