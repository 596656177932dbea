/** @jest-environment node */
import { defineExposedModule, interfaceSatisfies } from './exposed-module';
import { ORG_TENANT_SCREENS } from './org-tenant-screens';
import { PERMISSION_TENANT_SCREENS } from './permission-tenant-screens';

describe('interfaceSatisfies', () => {
  it('takes the same major with at least the minor the consumer was built against', () => {
    expect(interfaceSatisfies('1.0', '1.0')).toBe(true);
    expect(interfaceSatisfies('1.3', '1.2')).toBe(true);
    expect(interfaceSatisfies('1.1', '1.2')).toBe(false);
    expect(interfaceSatisfies('2.0', '1.0')).toBe(false);
    expect(interfaceSatisfies('1.0', '2.0')).toBe(false);
  });

  it('refuses what is no version', () => {
    for (const provided of [undefined, null, 1, '1', '1.0.0', 'v1.0', '']) expect(interfaceSatisfies(provided, '1.0')).toBe(false);
  });
});

it('names where each module is and its version', () => {
  expect(ORG_TENANT_SCREENS).toEqual({ remote: 'org', expose: './tenant-screens', version: '1.1' });
  expect(PERMISSION_TENANT_SCREENS).toEqual({ remote: 'permission', expose: './tenant-screens', version: '1.0' });
  expect(defineExposedModule('market', './MarketPanel', '2.1')).toEqual({ remote: 'market', expose: './MarketPanel', version: '2.1' });
});
