import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Flex, Result, Skeleton, Tabs, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { tenantViewCall } from '@uc/contracts';
import { useT } from '@uc/client';
import { ORG_TENANT_SCREENS, PERMISSION_TENANT_SCREENS } from '@uc/client/exposed';
import { ExposedSlot, useCall } from '@uc/ui';
import { TenantInfoTab } from './tenant-info-tab';

const MANAGE_PATH = '/tenant/manage';

/**
 * /tenant/details/:id: the tenant's own fields, then its users, roles, departments and posts. Those
 * four tabs are the organisation and permission screens themselves, loaded at run time from the org
 * and permission remotes ('./tenant-screens', @uc/client/exposed), so a deploy of org or permission
 * changes them here too. They act in the tenant: every call they make carries it (X-UC-Tenant), so they
 * show and change this tenant's records with the reach of its administrator, and the same row actions
 * as on those screens.
 */
export function DetailsPage() {
  const t = useT();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { data: tenant, error, reload } = useCall(tenantViewCall, valid ? { query: { id } } : null);

  const back = (
    <Link to={MANAGE_PATH}>
      <ArrowLeftOutlined /> {t('tenant.details.back')}
    </Link>
  );
  if (!valid || (error && !tenant)) {
    return (
      <Card>
        <Result status="warning" title={t('tenant.details.loadFailed')} extra={back} />
      </Card>
    );
  }
  if (!tenant) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Flex gap={8} align="center">
            <Typography.Text strong>{`${t('tenant.details.title')}: ${tenant.name}`}</Typography.Text>
            <Typography.Text type="secondary">{tenant.code}</Typography.Text>
            {tenant.isPlatform && <Tag color="blue">{t('tenant.manage.platform')}</Tag>}
          </Flex>
        }
        extra={back}
      >
        {/* antd mounts a tab when it is first opened: a tab's lists are asked for only when someone looks. */}
        <Tabs
          items={[
            { key: 'info', label: t('tenant.details.tab.info'), children: <TenantInfoTab tenant={tenant} onSaved={reload} /> },
            {
              key: 'users',
              label: t('tenant.details.tab.users'),
              // A user added, imported or deleted there changes the 基本信息 tab's user count: asked again.
              children: <ExposedSlot module={ORG_TENANT_SCREENS} render={(m) => <m.TenantUsers tenantId={tenant.id} onChange={reload} />} />,
            },
            {
              key: 'roles',
              label: t('tenant.details.tab.roles'),
              children: <ExposedSlot module={PERMISSION_TENANT_SCREENS} render={(m) => <m.TenantRoles tenantId={tenant.id} />} />,
            },
            {
              key: 'depts',
              label: t('tenant.details.tab.depts'),
              children: <ExposedSlot module={ORG_TENANT_SCREENS} render={(m) => <m.TenantDepts tenantId={tenant.id} />} />,
            },
            {
              key: 'posts',
              label: t('tenant.details.tab.posts'),
              children: <ExposedSlot module={ORG_TENANT_SCREENS} render={(m) => <m.TenantPosts tenantId={tenant.id} />} />,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
