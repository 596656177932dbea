import { copyText } from './copy-text';

describe('copyText', () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  it('writes through the Clipboard API where the page may', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await expect(copyText('abc')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('abc');
  });

  it('falls back to a selected textarea on plain http, where navigator.clipboard does not exist', async () => {
    const exec = jest.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    let copied = '';
    exec.mockImplementation(() => {
      copied = (document.activeElement as HTMLTextAreaElement | null)?.value ?? document.querySelector('textarea')?.value ?? '';
      return true;
    });
    await expect(copyText('secret-1')).resolves.toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(copied).toBe('secret-1');
    expect(document.querySelector('textarea')).toBeNull();
  });
});
