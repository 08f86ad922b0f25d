import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { canMove, type ImageTile, PRODUCT_CROP, ProductImages } from './product-images.tsx';

// jsdom has no object URLs; the chosen files are never drawn there.
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
let made = 0;
beforeAll(() => {
  URL.createObjectURL = () => `blob:chosen-${++made}`;
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

const tiles: ImageTile[] = [
  { key: 'a', src: '/uploads/products/a-t.webp', saved: true },
  { key: 'b', src: '/uploads/products/b-t.webp', saved: true },
  { key: 'n1', src: 'blob:new-1', saved: false },
  { key: 'n2', src: 'blob:new-2', saved: false },
];

function renderImages(shown: ImageTile[] = tiles) {
  const handlers = { onAdd: vi.fn(), onMove: vi.fn(), onRemove: vi.fn() };
  render(<ProductImages tiles={shown} {...handlers} />);
  return handlers;
}

describe('product images (docs/product.md §4, §9 cropping)', () => {
  it('crops products square, starting at zoom 0.5', () => {
    expect(PRODUCT_CROP).toEqual({ aspect: 1, initialZoom: 0.5, startWhole: true, minZoom: 0.5 });
  });

  it('sends every chosen image through the crop dialog, one after the other, at zoom 0.5', async () => {
    const user = userEvent.setup();
    renderImages([]);
    const files = [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.jpg', { type: 'image/jpeg' })];
    await user.upload(screen.getByLabelText('Images'), files);

    expect(screen.getByRole('dialog', { name: 'Crop image (1 more after this one)' })).toBeTruthy();
    const zoom = screen.getByLabelText('Zoom') as HTMLInputElement;
    expect(zoom.value).toBe('0.5');
    expect(zoom.min).toBe('0.5');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Crop image' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps saved images before the new ones when reordering', () => {
    expect(canMove(tiles, 0, -1)).toBe(false);
    expect(canMove(tiles, 0, 1)).toBe(true);
    expect(canMove(tiles, 1, 1)).toBe(false);
    expect(canMove(tiles, 2, -1)).toBe(false);
    expect(canMove(tiles, 2, 1)).toBe(true);
    expect(canMove(tiles, 3, 1)).toBe(false);
  });

  it('offers labelled move and delete buttons for each thumbnail', async () => {
    const user = userEvent.setup();
    const { onMove, onRemove } = renderImages();
    const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

    expect(button('Move image 1 left').disabled).toBe(true);
    expect(button('Move image 2 right').disabled).toBe(true);
    expect(button('Move image 3 left').disabled).toBe(true);
    expect(button('Move image 4 right').disabled).toBe(true);
    expect(screen.getAllByText('New')).toHaveLength(2);

    await user.click(button('Move image 1 right'));
    expect(onMove).toHaveBeenCalledWith(0, 1);
    await user.click(button('Move image 4 left'));
    expect(onMove).toHaveBeenCalledWith(3, -1);
    await user.click(button('Delete image 2'));
    expect(onRemove).toHaveBeenCalledWith(1);
  });

  it('stops taking files at eight images', () => {
    const full = Array.from({ length: 8 }, (_, i) => ({ key: `k${i}`, src: `/u/${i}.webp`, saved: true }));
    renderImages(full);
    expect((screen.getByLabelText('Images') as HTMLInputElement).disabled).toBe(true);
  });
});
