/** @jest-environment node */
import { defineExposedModule } from '../exposed/exposed-module';
import { ExposedModuleError, loadExposedModule, provideRemoteModuleLoader } from './remote-modules';

const SPEC = defineExposedModule<{ version: string; Hello: string }>('org', './tenant-screens', '1.2');

afterEach(() => provideRemoteModuleLoader(null));

describe('loadExposedModule', () => {
  it("loads through the shell's loader, by the remote's registry name", async () => {
    const loader = jest.fn(async () => ({ version: '1.4', Hello: 'hi' }));
    provideRemoteModuleLoader(loader);
    await expect(loadExposedModule(SPEC)).resolves.toEqual({ version: '1.4', Hello: 'hi' });
    await loadExposedModule(SPEC, { fresh: true });
    expect(loader.mock.calls).toEqual([
      ['org', './tenant-screens', { fresh: false }],
      ['org', './tenant-screens', { fresh: true }],
    ]);
  });

  it('refuses a provider of another interface version, saying both', async () => {
    provideRemoteModuleLoader(async () => ({ version: '2.0', Hello: 'hi' }));
    const error = await loadExposedModule(SPEC).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExposedModuleError);
    expect(error).toMatchObject({ kind: 'incompatible', remote: 'org', required: '1.2', provided: '2.0' });
    expect((error as Error).message).toBe('"org" provides interface 2.0, this page needs 1.2: deploy versions of both that match');
    provideRemoteModuleLoader(async () => ({ Hello: 'no version' }));
    await expect(loadExposedModule(SPEC)).rejects.toMatchObject({ kind: 'incompatible', provided: undefined });
  });

  it('says when the remote did not load, and when no shell is there to load it', async () => {
    await expect(loadExposedModule(SPEC)).rejects.toMatchObject({ kind: 'unavailable' });
    const down = new Error('Remote "org" could not be loaded');
    provideRemoteModuleLoader(async () => Promise.reject(down));
    await expect(loadExposedModule(SPEC)).rejects.toMatchObject({ kind: 'failed', cause: down });
  });
});
