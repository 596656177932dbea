import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { listParams, memberListCall } from '@uc/contracts';
import { call, useT } from '@uc/client';

export interface PickedUser {
  id: number;
  username: string;
  realName: string;
}

interface UserPickerProps {
  id?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
  disabled?: boolean;
  /** The users of this tenant (a platform administrator writing to another tenant); absent: the caller's own. */
  tenant?: number | undefined;
  /** The users already chosen, so their names show before any search. */
  known?: readonly PickedUser[];
}

/** How many users one search shows: enough to pick from, few enough to type a sharper keyword. */
const SEARCH_PAGE = 20;
const SEARCH_DELAY_MS = 300;
const MAX_TAGS = 20;

const labelOf = (u: PickedUser) => (u.realName ? `${u.realName} (${u.username})` : u.username);

/**
 * Chooses users by searching the user list on the server (name, username, phone or email), several
 * at a time. The names of chosen users are kept while other searches come and go.
 */
export function UserPicker({ id, value = [], onChange, disabled, tenant, known = [] }: UserPickerProps) {
  const t = useT();
  const [found, setFound] = useState<PickedUser[]>([]);
  const [searching, setSearching] = useState(false);
  const names = useRef(new Map<number, string>(known.map((u) => [u.id, labelOf(u)])));
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Another tenant's users are other people: what was found for the previous one no longer applies.
  useEffect(() => setFound([]), [tenant]);

  const search = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const mine = ++latest.current;
      setSearching(true);
      const keyword = text.trim();
      const query = listParams({ pageSize: SEARCH_PAGE, filter: keyword ? [['keyword', keyword]] : [] }) as never;
      call(memberListCall, { query, ...(tenant !== undefined ? { tenant } : {}) })
        .then((page) => {
          if (mine !== latest.current) return;
          for (const u of page.list) names.current.set(u.id, labelOf(u));
          setFound(page.list.map((u) => ({ id: u.id, username: u.username, realName: u.realName })));
        })
        .catch(() => undefined) // the API client has shown why
        .finally(() => mine === latest.current && setSearching(false));
    }, SEARCH_DELAY_MS);
  };

  const ids = new Set([...value, ...found.map((u) => u.id)]);
  const options = [...ids].map((userId) => ({ value: userId, label: names.current.get(userId) ?? `#${userId}` }));
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      value={value}
      disabled={disabled}
      onChange={(next) => onChange?.(next)}
      options={options}
      placeholder={t('home.notice.userPicker.placeholder')}
      // The server searches; antd must not filter its answer again.
      showSearch={{ filterOption: false, onSearch: search }}
      // Opened before any search: the first users, so there is something to pick from.
      onOpenChange={(open) => open && found.length === 0 && timer.current === undefined && search('')}
      notFoundContent={searching ? <Spin size="small" /> : t('home.notice.userPicker.none')}
      // A letter may go to a thousand users: the first ones by name, then how many more.
      maxTagCount={MAX_TAGS}
    />
  );
}
