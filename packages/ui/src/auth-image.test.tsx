import { render, screen, waitFor } from '@testing-library/react';
import { setAccessToken } from '@uc/client';
import { AuthImage } from './auth-image';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CODE = '/admin/admin/upload/file/0123456789abcdef0123456789abcdef.png';

let requests: Request[];
let answer: () => Response;
let minted: number;
beforeEach(() => {
  requests = [];
  minted = 0;
  answer = () => new Response(PNG, { headers: { 'content-type': 'image/png' } });
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    requests.push(input as Request);
    return answer();
  }) as typeof fetch;
  // jsdom has no blob: URLs; these stand in for the browser's.
  URL.createObjectURL = jest.fn(() => `blob:uc-test/${(minted += 1)}`);
  URL.revokeObjectURL = jest.fn();
  setAccessToken('t0k');
});

describe('AuthImage', () => {
  it('fetches the image with the session token and shows it from a blob: URL, released on unmount', async () => {
    const { unmount } = render(<AuthImage src={CODE} alt="Payment code" width={96} />);
    const img = await screen.findByRole('img', { name: 'Payment code' });
    expect(img).toHaveAttribute('src', 'blob:uc-test/1');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(`http://localhost${CODE}`);
    expect(requests[0]!.headers.get('Authorization')).toBe('t0k');
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:uc-test/1');
  });

  it('loads the new image when the source changes and releases the old one', async () => {
    const { rerender } = render(<AuthImage src={CODE} alt="Payment code" />);
    await screen.findByRole('img', { name: 'Payment code' });
    rerender(<AuthImage src={CODE.replace('0123', '4567')} alt="Payment code" />);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Payment code' })).toHaveAttribute('src', 'blob:uc-test/2'));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:uc-test/1');
  });

  it('says the image could not be loaded when the server refuses it (no broken image, no blob)', async () => {
    answer = () =>
      new Response(JSON.stringify({ code: -1, message: 'There is no such file', data: null }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    render(<AuthImage src={CODE} alt="Payment code" />);
    expect(await screen.findByText('图片无法加载')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Payment code' })).not.toBeInTheDocument();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
