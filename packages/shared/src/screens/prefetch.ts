// `@uc/shared/screens/prefetch`: what a remote's prefetch chunk needs of the screens, without their
// code (no antd, no pages): it imports the light '@uc/shared' only, so it stays a tiny chunk.
export { USER_LIST_INITIAL, prefetchUserList } from './user/user-list-query';
