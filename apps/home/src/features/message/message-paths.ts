import type { NoticeKind } from '@uc/contracts';

/** The `tab` query value of each kind: the header's unread badge opens ?tab=private (spec section 2). */
export const TAB_OF_KIND: Record<NoticeKind, string> = { notice: 'public', letter: 'private' };

/** The kind a `tab` query value opens; anything else (none, a typo) opens the notices. */
export const kindOfTab = (tab: string | null): NoticeKind => (tab === TAB_OF_KIND.letter ? 'letter' : 'notice');

export const messageListPath = (kind: NoticeKind): string => `/home/message?tab=${TAB_OF_KIND[kind]}`;
export const messageDetailPath = (id: number): string => `/home/message/${id}`;

/** What the list hands the detail page, so its back link returns to the tab it came from even on a 404. */
export interface MessageLinkState {
  kind: NoticeKind;
}
