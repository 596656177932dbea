import { Empty, Flex, Input, Modal, Pagination, Spin, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { iconListCall, ICON_CLASS_PREFIX, ICON_PAGE_SIZE, type IconEntry } from '@uc/contracts';
import { useT } from '@uc/client';
import { IconFont, useCall } from '@uc/ui';

/** Spec section 9: the icon selector modal is 930 wide and pages 40 icons at a time. */
export const ICON_MODAL_WIDTH = 930;

export interface IconSelectModalProps {
  open: boolean;
  /** The current value (`icon-<font_class>`), pre-selected. */
  value?: string;
  onSubmit: (iconClass: string) => void;
  onCancel: () => void;
}

/** Pages through the icon font from page 1, filtered by name while it is typed; 提交 is enabled only once an icon is chosen. */
export function IconSelectModal({ open, value, onSubmit, onCancel }: IconSelectModalProps) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const icons = useCall(iconListCall, open ? { query: { page, pageSize: ICON_PAGE_SIZE, ...(name ? { name } : {}) } } : null);
  const data = { list: icons.data?.list ?? ([] as IconEntry[]), total: icons.data?.total ?? 0 };
  const loading = icons.loading;
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const filter = (typed: string) => {
    const next = typed.trim();
    if (next === name) return;
    setName(next);
    setPage(1);
  };

  useEffect(() => {
    if (!open) return;
    setChosen(value?.startsWith(ICON_CLASS_PREFIX) ? value : undefined);
    // The field is emptied when the modal closes (destroyOnHidden): so is its filter.
    setName('');
    setPage(1);
  }, [open, value]);

  return (
    <Modal
      open={open}
      width={ICON_MODAL_WIDTH}
      title={t('perm.icon.title')}
      okText={t('perm.icon.submit')}
      cancelText={t('perm.icon.cancel')}
      okButtonProps={{ disabled: !chosen }}
      onOk={() => chosen && onSubmit(chosen)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {/* Filters as the name is typed: useCall drops the answer a later keystroke made stale. */}
        <Input.Search allowClear placeholder={t('perm.icon.filter')} style={{ maxWidth: 320 }} onChange={(e) => filter(e.target.value)} onSearch={filter} />
        <Spin spinning={loading}>
          {data.list.length === 0 && !loading ? (
            <Empty description={t('perm.icon.empty')} />
          ) : (
            <div role="listbox" aria-label={t('perm.icon.title')} style={{ display: 'grid', gridTemplateColumns: 'repeat(10, 1fr)', gap: 8, minHeight: 200 }}>
              {data.list.map((icon) => {
                const cls = `${ICON_CLASS_PREFIX}${icon.font_class}`;
                const selected = chosen === cls;
                return (
                  <Tooltip key={icon.id} title={icon.font_class} mouseLeaveDelay={0.1}>
                    <button
                      type="button"
                      role="option"
                      aria-selected={selected}
                      aria-label={icon.font_class}
                      onClick={() => setChosen(cls)}
                      onDoubleClick={() => onSubmit(cls)}
                      style={{
                        height: 56,
                        fontSize: 24,
                        cursor: 'pointer',
                        borderRadius: 6,
                        background: selected ? '#e6f4ff' : 'transparent',
                        border: `1px solid ${selected ? '#1890ff' : '#f0f0f0'}`,
                        color: selected ? '#1890ff' : 'inherit',
                      }}
                    >
                      <IconFont name={cls} />
                    </button>
                  </Tooltip>
                );
              })}
            </div>
          )}
        </Spin>
        <Pagination align="end" current={page} pageSize={ICON_PAGE_SIZE} total={data.total} showSizeChanger={false} onChange={setPage} />
      </Flex>
    </Modal>
  );
}
