import { Navigate, type RouteObject } from 'react-router-dom';
import { DeptPage } from './features/dept/dept-page';
import { PostPage } from './features/post/post-page';
import { UserListPage } from './features/user/user-list-page';

/**
 * Exposed as 'org/routes': users, departments and posts. Each page registers its own texts; the tenant
 * remote shows the same screens inside a tenant through './tenant-screens'.
 */
export const routes: RouteObject[] = [
  {
    path: '/org',
    children: [
      { index: true, element: <Navigate to="user" replace /> },
      { path: 'user', element: <UserListPage /> },
      { path: 'dept', element: <DeptPage /> },
      { path: 'post', element: <PostPage /> },
    ],
  },
];

export default routes;
