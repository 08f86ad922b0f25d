import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageCropper } from './image-cropper.tsx';

afterEach(cleanup);

const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

describe('ImageCropper', () => {
  it("offers Cancel and 'Crop & Save'", async () => {
    const onCancel = vi.fn();
    render(<ImageCropper image={PIXEL} onCancel={onCancel} onCropped={() => undefined} />);

    expect(screen.getByRole('dialog', { name: 'Crop image' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crop & Save' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('cannot save before a crop area is known', () => {
    render(<ImageCropper image={PIXEL} onCancel={() => undefined} onCropped={() => undefined} />);
    expect((screen.getByRole('button', { name: 'Crop & Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is closed without a picture', () => {
    render(<ImageCropper image={null} onCancel={() => undefined} onCropped={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Crop & Save' })).toBeNull();
  });
});
