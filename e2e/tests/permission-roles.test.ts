import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInThroughForm, signInWithToken } from '../support/console';
import { api, apiLogin, startServer, type RunningServer } from '../support/server';

/** antd puts a space between the two characters of a two-character Chinese button label. */
const label = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

/** Ticks the checkbox of one node of an antd tree, found by its title. */
async function tick(scope: ReturnType<Page['locator']>, title: string) {
  await scope
    .locator('.ant-tree-treenode')
    .filter({ has: scope.page().getByTitle(title, { exact: true }) })
    .first()
    .locator('.ant-tree-checkbox')
    .click();
}

describe('permission roles: a custom-department role with a subset of menus, seen by its user', () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken = '';
  let salesId = 0;
  let opsId = 0;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminToken = await apiLogin(server);
    // Departments and their people come from the API; the role is made in the browser.
    salesId = (await api<{ id: number }>(server, adminToken, '/user/admin/dept/edit', { name: 'E2E Sales', code: 'e2e-sales', parentId: null })).id;
    opsId = (await api<{ id: number }>(server, adminToken, '/user/admin/dept/edit', { name: 'E2E Ops', code: 'e2e-ops', parentId: null })).id;
    await api(server, adminToken, '/user/admin/member/edit', {
      username: 'sam',
      realName: 'Sam Sales',
      mobile: '13800000021',
      password: 'sam-password-1',
      deptId: salesId,
    });
    await api(server, adminToken, '/user/admin/member/edit', {
      username: 'otto',
      realName: 'Otto Ops',
      mobile: '13800000022',
      password: 'otto-password-1',
      deptId: opsId,
    });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates the role in the role editor, and its user sees only what it grants', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, adminToken);
    await page.goto(server.url('/permission/role'));
    await page.getByText('角色管理', { exact: true }).first().waitFor({ timeout: 30_000 });

    // The role: custom-department data scope over E2E Sales.
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新增角色' });
    await drawer.getByLabel('角色名称').fill('E2E Sales Viewer');
    await drawer.getByLabel('权限字符').fill('e2e_sales_viewer');
    await drawer.getByLabel('数据权限').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '自定义部门数据权限' }).click();
    const deptTree = drawer.locator('.ant-tree').filter({ has: page.getByTitle('E2E Sales', { exact: true }) });
    await deptTree.waitFor();
    await tick(deptTree, 'E2E Sales');
    await drawer.getByRole('button', { name: label('保存') }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'e2e_sales_viewer', exact: true }) });
    await row.waitFor();
    await row.getByText('自定义部门数据权限').waitFor();

    // Its menus: 用户管理 (page and its buttons) but not create, edit or delete. 编辑用户 goes too:
    // the screens show a button by the API it calls, and create and edit both call member/edit, so
    // a role keeping 编辑用户 would still see 新增用户.
    await row.getByRole('button', { name: '分配权限 E2E Sales Viewer' }).click();
    const menus = page.locator('.ant-drawer').filter({ hasText: '分配权限：E2E Sales Viewer' });
    await menus.getByTitle('用户管理', { exact: true }).waitFor();
    await tick(menus, '用户管理');
    await tick(menus, '新增用户');
    await tick(menus, '编辑用户');
    await tick(menus, '删除用户');
    await snap(page, 'permission-roles-menus');
    await menus.getByRole('button', { name: label('保存') }).click();
    await menus.waitFor({ state: 'hidden' });

    // What the server stored matches what was ticked.
    const roles = await api<{ list: { id: number; key: string; dataScope: number }[] }>(server, adminToken, '/user/admin/role/list');
    const flat = (l: { id: number; key: string; dataScope: number; children?: unknown[] }[]): { id: number; key: string; dataScope: number }[] =>
      l.flatMap((r) => [r, ...flat((r.children ?? []) as never)]);
    const role = flat(roles.list).find((r) => r.key === 'e2e_sales_viewer');
    assert.ok(role, 'the role was saved');
    assert.equal(role.dataScope, 4);
    await context.close();

    // Its user, in E2E Sales, made through the API.
    await api(server, adminToken, '/user/admin/member/edit', {
      username: 'viewer',
      realName: 'Vera Viewer',
      mobile: '13800000023',
      password: 'viewer-password-1',
      roleIds: [role.id],
      deptId: salesId,
    });

    // The user signs in through the form.
    const as = await newPage(browser);
    await as.page.goto(server.url('/user/login'));
    await signInThroughForm(as.page, 'viewer', 'viewer-password-1');
    await as.page.waitForURL((u) => u.pathname.endsWith('/dashboard/workplace'), { timeout: 30_000 });
    const sideMenus = as.page.locator('.ant-menu');
    await sideMenus.getByText('组织管理', { exact: true }).first().waitFor({ timeout: 30_000 });
    // The side menu opens the area of the current page.
    await as.page.goto(server.url('/org/user'));
    await sideMenus.getByText('用户管理', { exact: true }).first().waitFor({ timeout: 30_000 });
    for (const absent of ['权限管理', '部门管理', '岗位管理', '角色管理']) {
      assert.equal(await as.page.locator('.ant-menu').getByText(absent, { exact: true }).count(), 0, `${absent} is not in the menu`);
    }
    await snap(as.page, 'permission-roles-user-menu');

    // The user list: only people of E2E Sales; no create or delete, edit still there.
    const cell = (name: string) => as.page.getByRole('cell', { name, exact: true });
    await cell('sam').waitFor({ timeout: 30_000 });
    await cell('viewer').waitFor();
    assert.equal(await cell('otto').count(), 0, 'a user of another department is hidden');
    assert.equal(await cell('admin').count(), 0, 'the administrator (no department of the scope) is hidden');
    const samRow = as.page.getByRole('row').filter({ has: cell('sam') });
    // Permitted: view (详情), reset password; not create, edit, delete.
    await samRow.getByRole('button', { name: label('详情') }).waitFor();
    await samRow.getByRole('button', { name: 'sam 的更多操作' }).click();
    const more = as.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await more.getByRole('menuitem', { name: '重置密码' }).waitFor();
    assert.equal(await more.getByRole('menuitem', { name: '删除' }).count(), 0, 'no delete action');
    await as.page.keyboard.press('Escape');
    assert.equal(await as.page.getByRole('button', { name: /新增用户/ }).count(), 0, 'no create button');
    assert.equal(await samRow.getByRole('button', { name: label('编辑') }).count(), 0, 'no edit button');
    await snap(as.page, 'permission-roles-user-list');
    await as.context.close();
  });

  // Issue 26, point 8: a role users hold is not deleted behind their backs, and 超级管理员 says what it is.
  it('refuses to delete a role its user holds, saying how many and what to do, then deletes it once nobody does', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, adminToken);
    await page.goto(server.url('/permission/role'));
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'e2e_sales_viewer', exact: true }) });
    await row.waitFor({ timeout: 30_000 });

    // Held by viewer (the test above): the confirmation counts the holders and offers no delete.
    await row.getByRole('button', { name: '删除 E2E Sales Viewer' }).click();
    const popup = page.locator('.ant-popconfirm:visible');
    await popup
      .getByText('“E2E Sales Viewer”有 1 位用户拥有，不能删除。请先在用户管理中取消他们的这个角色，或停用该角色以暂停它授予的权限。')
      .waitFor({ timeout: 30_000 });
    assert.equal(await popup.getByRole('button', { name: label('删除') }).count(), 0, 'no delete is offered');
    await snap(page, 'permission-roles-delete-held');
    await popup.getByRole('button', { name: '知道了' }).click();
    const roles = async () => {
      const flat = (l: { key: string; children?: unknown[] }[]): { key: string }[] => l.flatMap((r) => [r, ...flat((r.children ?? []) as never)]);
      return flat((await api<{ list: { key: string }[] }>(server, adminToken, '/user/admin/role/list')).list).map((r) => r.key);
    };
    assert.ok((await roles()).includes('e2e_sales_viewer'), 'the role is still there');

    // Once viewer no longer holds it, the confirmation says so and the role goes.
    const viewer = (await api<{ list: { id: number; username: string }[] }>(server, adminToken, '/user/admin/member/list?pageSize=100')).list.find(
      (u) => u.username === 'viewer',
    )!;
    await api(server, adminToken, '/user/admin/member/edit', {
      id: viewer.id,
      username: 'viewer',
      realName: 'Vera Viewer',
      mobile: '13800000023',
      deptId: salesId,
      roleIds: [],
    });
    await row.getByRole('button', { name: '删除 E2E Sales Viewer' }).click();
    await popup.getByText('确定删除“E2E Sales Viewer”吗？当前没有用户拥有这个角色。').waitFor({ timeout: 30_000 });
    // As every delete confirmation: 删除 and 取消.
    await popup.getByRole('button', { name: label('删除') }).click();
    await row.waitFor({ state: 'detached', timeout: 30_000 });
    assert.ok(!(await roles()).includes('e2e_sales_viewer'), 'the role is gone');

    // 超级管理员 grants everything: tagged so, and its permission drawer explains instead of showing boxes.
    const superRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'super_admin', exact: true }) });
    await superRow.getByText('全部权限', { exact: true }).waitFor();
    await superRow.getByRole('button', { name: '分配权限 超级管理员' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '分配权限：超级管理员' });
    await drawer.getByText('超级管理员拥有全部菜单和按钮的权限').waitFor();
    assert.equal(await drawer.locator('.ant-tree-checkbox').count(), 0, 'no boxes to tick');
    await snap(page, 'permission-roles-super-admin');
    await context.close();
  });
});
