import { installedCard, testCard } from './market-test-data';
import { registryChanged } from './registry-change';

describe('registryChanged', () => {
  it('says nothing on the first answer or for cards only one answer has', () => {
    expect(registryChanged(undefined, [installedCard()])).toBe(false);
    expect(registryChanged([testCard({ name: 'a' })], [installedCard({ name: 'b' })])).toBe(false);
  });

  it('sees an addon become installed, stop being installed, change version or be switched', () => {
    expect(registryChanged([testCard({ installStatus: 2 })], [installedCard()])).toBe(true);
    expect(registryChanged([installedCard()], [testCard()])).toBe(true);
    expect(registryChanged([installedCard({ version: '1.1.0' })], [installedCard({ version: '1.2.0' })])).toBe(true);
    expect(registryChanged([installedCard()], [installedCard({ enabled: false })])).toBe(true);
  });

  it('ignores progress of a job that has not ended', () => {
    expect(registryChanged([testCard({ installStatus: 1, progress: 10 })], [testCard({ installStatus: 2, progress: 60 })])).toBe(false);
    expect(registryChanged([installedCard()], [installedCard()])).toBe(false);
  });
});
