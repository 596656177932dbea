import { Navigate, type RouteObject } from 'react-router-dom';
// The screens live in @uc/shared/screens (the tenant remote shows them too, inside a tenant); they
// register their own texts.
import { DeptPage, PostPage, UserListPage } from '@uc/shared/screens';

/** Exposed as 'org/routes': users, departments and posts. */
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
