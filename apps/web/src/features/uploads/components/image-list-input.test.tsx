import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageListInput } from './image-list-input';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';

const ID = '0b7f3a52-6c1e-4e4b-9d1a-2f7c7b1e9a01';
let lastValue: string[] = [];

function Harness({ initial = [] as string[] }) {
  const [value, setValue] = useState(initial);
  lastValue = value;
  return (
    <ImageListInput
      value={value}
      onChange={(next) => {
        lastValue = next;
        setValue(next);
      }}
    />
  );
}

const pngFile = (name = 'disc.png', size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const uploadsOk = (req: FakeRequest) =>
  req.method === 'POST' && req.path === '/api/uploads'
    ? { status: 201, body: { url: `/api/uploads/${ID}/960.webp`, id: ID, width: 1200, height: 800 } }
    : notFound(req);
const pictures = () => within(screen.getByRole('list', { name: 'Chosen pictures, in order' })).getAllByRole('img');

describe('ImageListInput', () => {
  it('uploads a picked picture as multipart field "file" and shows it with every width in srcset', async () => {
    const api = fakeApi(uploadsOk);
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(screen.getByText('No pictures yet.')).toBeTruthy();
    await user.upload(screen.getByLabelText('Choose pictures'), pngFile());
    await waitFor(() => expect(lastValue).toEqual([`/api/uploads/${ID}/960.webp`]));
    const form = api.calls[0].raw as FormData;
    expect((form.get('file') as File).name).toBe('disc.png');
    const img = pictures()[0] as HTMLImageElement;
    expect(img.alt).toBe('Picture 1');
    expect(img.getAttribute('srcset')).toBe(
      `/api/uploads/${ID}/320.webp 320w, /api/uploads/${ID}/640.webp 640w, /api/uploads/${ID}/960.webp 960w, /api/uploads/${ID}/1280.webp 1280w`,
    );
    expect(screen.getByText('Main picture')).toBeTruthy();
  });

  it('takes dropped files', async () => {
    fakeApi(uploadsOk);
    renderWithProviders(<Harness />);
    fireEvent.drop(screen.getByTestId('image-drop-zone'), { dataTransfer: { files: [pngFile('dropped.png')] } });
    await waitFor(() => expect(lastValue).toHaveLength(1));
  });

  it('refuses an SVG and a file over 5 MB before sending anything', async () => {
    const api = fakeApi(uploadsOk);
    renderWithProviders(<Harness />);
    fireEvent.drop(screen.getByTestId('image-drop-zone'), {
      dataTransfer: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }), pngFile('huge.png', 6 * 1024 * 1024)] },
    });
    expect(await screen.findByText('logo.svg is not a PNG, JPEG or WebP picture.')).toBeTruthy();
    expect(screen.getByText('huge.png is larger than 5 MB.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    expect(lastValue).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    fakeApi(() => ({ status: 415, body: { error: { code: 'UNSUPPORTED_IMAGE_TYPE', message: 'Only PNG, JPEG or WebP pictures can be uploaded.' } } }));
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.upload(screen.getByLabelText('Choose pictures'), pngFile('fake.png'));
    expect(await screen.findByText('fake.png: Only PNG, JPEG or WebP pictures can be uploaded.')).toBeTruthy();
    expect(lastValue).toEqual([]);
  });

  it('reorders and removes pictures', async () => {
    fakeApi(notFound);
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={['https://cdn.example.com/a.png', 'https://cdn.example.com/b.png', '/images/c.svg']} />);
    expect((screen.getByRole('button', { name: 'Move picture 1 earlier' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move picture 1 later' }));
    expect(lastValue).toEqual(['https://cdn.example.com/b.png', 'https://cdn.example.com/a.png', '/images/c.svg']);
    await user.click(screen.getByRole('button', { name: 'Move picture 3 earlier' }));
    expect(lastValue).toEqual(['https://cdn.example.com/b.png', '/images/c.svg', 'https://cdn.example.com/a.png']);
    await user.click(screen.getByRole('button', { name: 'Remove picture 1' }));
    expect(lastValue).toEqual(['/images/c.svg', 'https://cdn.example.com/a.png']);
    expect(pictures()).toHaveLength(2);
  });

  it('still accepts an https address, and refuses anything else', async () => {
    fakeApi(notFound);
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const box = screen.getByLabelText('Or add a picture by its address');
    await user.type(box, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText('Enter an https:// address or a path on this site (starting with /).')).toBeTruthy();
    expect(lastValue).toEqual([]);
    await user.clear(box);
    await user.type(box, 'https://cdn.example.com/chain.jpg{Enter}');
    expect(lastValue).toEqual(['https://cdn.example.com/chain.jpg']);
    expect((box as HTMLInputElement).value).toBe('');
    expect(pictures()[0].getAttribute('srcset')).toBeNull();
  });
});
