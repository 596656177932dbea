// `@uc/shared/screens`: the organisation and permission screens, one copy for every remote that shows
// them (org: /org/user, /org/dept, /org/post; permission: /permission/role; tenant: a tenant's details
// tabs, the users of every tenant and their recycle bin). A federation singleton like '@uc/shared/ui';
// it reaches '@uc/shared' and '@uc/shared/ui' through their package names only. Each page registers
// its texts (zh-CN, en-US) itself, so a remote needs no locale table for them.
//
// In a tenant: every call a screen makes goes through useCall/useListQuery or useScopedCall, so
//   <TenantScope tenantId={id}><UserListPage /></TenantScope>   (or DeptPage, PostPage, RolePage,
//   UserRecyclePage) shows and changes tenant `id`'s records: each request carries X-UC-Tenant: id.
// Users of several tenants: give UserListPage / UserRecyclePage a list call whose rows carry tenantId
// and tenantName (`listCall`), `tenantColumn` for the 租户 column, the tenant filter as `extraFilters`
// with its select in `toolbar`, and on UserListPage `createTenantId` (the filter's tenant: 新增用户 and
// 导入 stay hidden without one) and `recycleListCall={null}` when the recycle bin is a page of its own.
// Each row's actions, and the modals opened from it, then act in the row's tenant.
export { UserListPage, UserRecyclePage, type UserListPageProps, type UserRecyclePageProps, type UserListProps } from './user/user-list-page';
export type { UserListCall, UserRow } from './user/user-row';
export { DeptPage } from './dept/dept-page';
export { PostPage } from './post/post-page';
export { RolePage } from './role/role-page';
export { MenuGrantTree, grantableIds, type MenuGrantTreeProps } from './role/menu-grant-tree';
export { registerScreenMessages } from './screen-messages';
