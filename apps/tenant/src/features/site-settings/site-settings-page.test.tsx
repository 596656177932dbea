import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import {
  deptOptionCall,
  postOptionCall,
  roleOptionCall,
  siteSettingsCall,
  siteSettingsSaveCall,
  TENANT_HEADER,
  tenantOptionCall,
  type CallContract,
  type SiteSettings,
  type SiteSettingsInput,
} from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { Refusal, servedBy, testUser } from '@uc/testing';
import { AntdApiUi } from '@uc/ui';
import { registerTenantMessages } from '../../locales';
import { SiteSettingsPage } from './site-settings-page';
import { bodyOf, valuesOf } from './site-settings-values';

// The API client's `call` (which useCall uses too) is the mock: it runs the real client against a fake server.
jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const settings = (over: Partial<SiteSettings> = {}): SiteSettings => ({
  siteName: 'User Centre',
  basicCopyright: '',
  basicIcpCode: '',
  offline: true,
  registerSwitch: true,
  forceInvite: false,
  captchaSwitch: false,
  demoMode: false,
  smsLogin: true,
  smsCooldownSeconds: 60,
  demoModeForced: false,
  registrationPolicy: { id: 1, title: '默认策略' },
  tenantSetting: 1,
  defaultTenantId: null,
  defaultTenantName: '',
  defaultDeptId: null,
  defaultRoleId: null,
  defaultPostId: null,
  ...over,
});

const NO_SUCH_POST = 'defaultPostId: “Acme”没有这个岗位，请选择它的岗位';

/** What the fake server holds, and the X-UC-Tenant header of each dept/role/post option call. */
let stored: SiteSettings;
let actedIn: (string | null)[];
let refuseSave: string | null;

const sentBodies = () => mockCall.mock.calls.filter(([c]) => c === siteSettingsSaveCall).map(([, o]) => (o as { body: SiteSettingsInput }).body);
const form = () => document.querySelector('form')!;
const save = () => fireEvent.click(within(form()).getByRole('button', { name: /保\s*存/ }));
const field = (label: string) => within(form()).getByLabelText(label);

/** Chooses 加入默认租户: the default tenant, department, role and post appear. */
async function joinTenant() {
  fireEvent.click(screen.getByLabelText('加入默认租户'));
  await within(form()).findByLabelText('默认租户');
}

async function pick(label: string, text: string) {
  fireEvent.mouseDown(field(label));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option, .ant-select-tree-node-content-wrapper')].find((o) => o.textContent === text);
    if (!found) throw new Error(`no option ${text} in ${label}`);
    return found;
  });
  fireEvent.click(option);
}

jest.setTimeout(180_000);
configure({ asyncUtilTimeout: 10_000 });
beforeAll(() => registerTenantMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser(), siteConfig: null });
  stored = settings();
  actedIn = [];
  refuseSave = null;
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract: CallContract, options) => {
      const tenant = options?.headers?.get(TENANT_HEADER) ?? null;
      if (contract === siteSettingsCall) return stored;
      if (contract === siteSettingsSaveCall) {
        if (refuseSave) throw new Refusal(refuseSave);
        const body = options?.body as SiteSettingsInput;
        const joins = (body.tenantSetting ?? stored.tenantSetting) === 2;
        stored = {
          ...stored,
          ...body,
          siteName: body.siteName?.trim() ?? stored.siteName,
          ...(joins ? {} : { defaultTenantId: null, defaultDeptId: null, defaultRoleId: null, defaultPostId: null }),
        } as SiteSettings;
        return stored;
      }
      if (contract === tenantOptionCall)
        return {
          list: [
            { id: 1, name: '平台', code: 'platform', isPlatform: true, status: 1 },
            { id: 7, name: 'Acme', code: 'acme', isPlatform: false, status: 1 },
          ],
        };
      if (contract === deptOptionCall) {
        actedIn.push(tenant);
        return { list: [{ id: 70, name: 'Acme 总部', disabled: false, inScope: true }] };
      }
      if (contract === roleOptionCall) {
        actedIn.push(tenant);
        return { list: [{ id: 71, name: 'Acme 成员', key: 'member', children: [] }] };
      }
      if (contract === postOptionCall) {
        actedIn.push(tenant);
        return { list: [{ id: 72, name: 'Acme 专员' }] };
      }
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

const renderPage = async () => {
  render(
    <App>
      <AntdApiUi />
      <SiteSettingsPage />
    </App>,
  );
  await waitFor(() => expect(field('站点名称')).toHaveValue('User Centre'));
};

describe('SiteSettingsPage', () => {
  it('groups the fields in 站点, 登录与注册 and 短信, each saying what it does', async () => {
    await renderPage();
    for (const section of ['站点', '登录与注册', '短信']) expect(screen.getByText(section, { selector: '.ant-divider *' })).toBeInTheDocument();
    expect(screen.getByText(/点击打开工信部备案网站 beian\.miit\.gov\.cn/)).toBeInTheDocument();
    expect(screen.getByText(/关闭后登录页不再显示注册/)).toBeInTheDocument();
    expect(screen.getByText(/没有邀请码的注册按默认租户策略“默认策略”执行/)).toBeInTheDocument();
    expect(screen.getByText(/要等待多少秒才能再次发送（30 到 600 秒）/)).toBeInTheDocument();
    // Every field has its help line.
    const items = [...form().querySelectorAll('.ant-form-item')];
    expect(items.length).toBe(11);
    expect(items.filter((item) => !item.querySelector('.ant-form-item-extra')).map((item) => item.textContent)).toEqual([]);
    expect(field('开放注册')).toBeChecked();
    expect(field('短信登录')).toBeChecked();
    expect(field('发送间隔')).toHaveValue('60');
  });

  it('saves the ICP code and the copyright, says 已保存, and the footer of this page follows at once', async () => {
    await renderPage();
    fireEvent.change(field('ICP 备案号'), { target: { value: '京ICP备12345678号-1' } });
    fireEvent.change(field('版权信息'), { target: { value: '© 2026 星河物联' } });
    fireEvent.click(field('开放注册'));
    save();
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(sentBodies()).toEqual([
      {
        siteName: 'User Centre',
        basicCopyright: '© 2026 星河物联',
        basicIcpCode: '京ICP备12345678号-1',
        offline: true,
        registerSwitch: false,
        forceInvite: false,
        captchaSwitch: false,
        demoMode: false,
        smsLogin: true,
        smsCooldownSeconds: 60,
        tenantSetting: 1,
      },
    ]);
    expect(useSession.getState().siteConfig).toEqual({
      siteName: 'User Centre',
      basicCopyright: '© 2026 星河物联',
      basicIcpCode: '京ICP备12345678号-1',
      offline: true,
    });
  });

  it("checks the fields by the contract before sending, in the reader's language", async () => {
    await renderPage();
    fireEvent.change(field('ICP 备案号'), { target: { value: 'ICP 12345' } });
    fireEvent.change(field('发送间隔'), { target: { value: '5' } });
    fireEvent.change(field('站点名称'), { target: { value: 'x'.repeat(65) } });
    save();
    expect(await screen.findByText('ICP 备案号须形如 京ICP备12345678号 或 京ICP备12345678号-1；留空则页脚不显示备案链接')).toBeInTheDocument();
    expect(await screen.findByText('短信发送间隔必须是 30 到 600 之间的整数秒')).toBeInTheDocument();
    expect(await screen.findByText('站点名称最多 64 个字符')).toBeInTheDocument();
    expect(sentBodies()).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    refuseSave = NO_SUCH_POST;
    await renderPage();
    fireEvent.change(field('站点名称'), { target: { value: '星河' } });
    save();
    expect(await screen.findByText(NO_SUCH_POST)).toBeInTheDocument();
    expect(field('站点名称')).toHaveValue('星河');
  });

  it("joins registrants to a tenant: its departments, roles and posts are loaded inside it, and saved into the default policy's fields", async () => {
    await renderPage();
    await joinTenant();
    await pick('默认租户', 'Acme');
    // The platform's own tenant is not offered.
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['Acme']);
    // Its records are asked for inside Acme (tenant 7).
    await waitFor(() => expect(actedIn).toHaveLength(3));
    await waitFor(() => expect(field('默认部门')).toBeEnabled());
    await pick('默认部门', 'Acme 总部');
    await pick('默认角色', 'Acme 成员');
    await pick('默认岗位', 'Acme 专员');
    expect(new Set(actedIn)).toEqual(new Set(['7']));
    save();
    await waitFor(() => expect(sentBodies()).toHaveLength(1));
    expect(sentBodies()[0]).toMatchObject({ tenantSetting: 2, defaultTenantId: 7, defaultDeptId: 70, defaultRoleId: 71, defaultPostId: 72 });
    expect(await screen.findByText('已保存')).toBeInTheDocument();
  });

  it('asks for each default when registrants join a tenant', async () => {
    await renderPage();
    await joinTenant();
    save();
    expect(await screen.findByText('请选择默认租户')).toBeInTheDocument();
    expect(await screen.findByText('请选择默认部门')).toBeInTheDocument();
    expect(sentBodies()).toEqual([]);
  });

  it('says when DEMO_MODE keeps demo mode on, and when there is no default policy to keep registration in', async () => {
    stored = settings({ demoModeForced: true, registrationPolicy: null });
    await renderPage();
    expect(screen.getByText(/服务器设置了环境变量 DEMO_MODE/)).toBeInTheDocument();
    expect(screen.getByText(/没有默认租户策略/)).toBeInTheDocument();
    expect(screen.queryByLabelText('注册方式')).toBeNull();
    save();
    await waitFor(() => expect(sentBodies()).toHaveLength(1));
    expect(sentBodies()[0]).not.toHaveProperty('tenantSetting');
  });

  it('shows the settings read-only to whoever may read but not save them', async () => {
    useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, permissions: [siteSettingsCall.path] }) });
    await renderPage();
    expect(within(form()).queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(field('站点名称')).toBeDisabled();
    expect(field('开放注册')).toBeDisabled();
  });
});

describe('site settings values', () => {
  it('sends every stored setting, and the registration defaults only for registrants who join a tenant', () => {
    const joined = valuesOf(settings({ tenantSetting: 2, defaultTenantId: 7, defaultDeptId: 70, defaultRoleId: 71, defaultPostId: 72 }));
    expect(bodyOf(joined, true)).toMatchObject({ tenantSetting: 2, defaultTenantId: 7, defaultPostId: 72, smsCooldownSeconds: 60 });
    expect(bodyOf({ ...joined, tenantSetting: 1 }, true)).not.toHaveProperty('defaultTenantId');
    expect(bodyOf(joined, false)).not.toHaveProperty('tenantSetting');
    expect(valuesOf(settings())).toMatchObject({ defaultTenantId: undefined, tenantSetting: 1 });
  });
});
