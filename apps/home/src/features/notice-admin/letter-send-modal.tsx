import { Form } from 'antd';
import { letterSendCall, NOTICE_LEVEL, NOTICE_RANGE, type LetterSendBody, type NoticeAdminView } from '@uc/contracts';
import { call, useT } from '@uc/client';
import { FormModal } from '@uc/ui';
import { NoticeFields, reachOf, type NoticeFormValues } from './notice-fields';

interface LetterSendModalProps {
  open: boolean;
  onClose: () => void;
  onSent: (sent: NoticeAdminView) => void;
}

const NEW_LETTER: Partial<NoticeFormValues> = { title: '', tag: '', level: NOTICE_LEVEL.normal, content: '', userIds: [] };

/** The body letterSendCall takes: a letter goes to chosen users at once (no draft). */
export function letterBody(values: NoticeFormValues): LetterSendBody {
  return { title: values.title.trim(), tag: (values.tag ?? '').trim(), level: values.level, content: values.content, ...reachOf(values, NOTICE_RANGE.users) };
}

/** Send a private letter: published at once to the chosen users, who see it under 私信 with the header badge. */
export function LetterSendModal({ open, onClose, onSent }: LetterSendModalProps) {
  const t = useT();
  const [form] = Form.useForm<NoticeFormValues>();
  return (
    <FormModal
      open={open}
      title={t('home.notice.letterTitle')}
      name="letter"
      form={form}
      width={760}
      okText={t('home.notice.send')}
      values={NEW_LETTER}
      onSubmit={(values) => call(letterSendCall, { body: letterBody(values), done: 'done' })}
      onSaved={onSent}
      onClose={onClose}
    >
      <NoticeFields letter />
    </FormModal>
  );
}
