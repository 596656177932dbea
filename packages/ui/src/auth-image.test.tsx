import { render, screen, waitFor } from '@testing-library/react';
import { setAccessToken } from '@uc/client';
import { AuthImage } from './auth-image';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgo=';
const CODE = '/admin/admin/upload/file/0123456789abcdef0123456789abcdef.png';

let requests: Request[];
let answer: () => Response;
beforeEach(() => {
  requests = [];
  answer = () => new Response(PNG, { headers: { 'content-type': 'image/png' } });
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    requests.push(input as Request);
    return answer();
  }) as typeof fetch;
  // A blob: URL would be blocked by the console's img-src 'self' data:; none may be made.
  URL.createObjectURL = jest.fn(() => {
    throw new Error('AuthImage made a blob: URL, which the console’s Content-Security-Policy blocks');
  });
  setAccessToken('t0k');
});

describe('AuthImage', () => {
  it('fetches the image with the session token and shows its bytes from a data: URL, which the CSP allows', async () => {
    render(<AuthImage src={CODE} alt="Payment code" width={96} />);
    const img = await screen.findByRole('img', { name: 'Payment code' });
    expect(img).toHaveAttribute('src', PNG_DATA_URL);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(`http://localhost${CODE}`);
    expect(requests[0]!.headers.get('Authorization')).toBe('t0k');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('loads the new image when the source changes', async () => {
    const { rerender } = render(<AuthImage src={CODE} alt="Payment code" />);
    await screen.findByRole('img', { name: 'Payment code' });
    const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]);
    answer = () => new Response(GIF, { headers: { 'content-type': 'image/gif' } });
    rerender(<AuthImage src={CODE.replace('0123', '4567')} alt="Payment code" />);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Payment code' })).toHaveAttribute('src', 'data:image/gif;base64,R0lGODlh'));
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([CODE, CODE.replace('0123', '4567')]);
  });

  it('says the image could not be loaded when the server refuses it (no broken image)', async () => {
    answer = () =>
      new Response(JSON.stringify({ code: -1, message: 'There is no such file', data: null }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    render(<AuthImage src={CODE} alt="Payment code" />);
    expect(await screen.findByText('图片无法加载')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Payment code' })).not.toBeInTheDocument();
  });
});
