import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageCropper, wholePictureZoom } from './image-cropper.tsx';

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

  it('knows the zoom that fits the whole picture in the crop box', () => {
    expect(wholePictureZoom(1600, 400, 1)).toBe(0.25);
    expect(wholePictureZoom(600, 800, 1)).toBe(0.75);
    expect(wholePictureZoom(500, 500, 1)).toBe(1);
    expect(wholePictureZoom(1600, 900, 16 / 9)).toBeCloseTo(1);
    expect(wholePictureZoom(1000, 1000, 2)).toBe(0.5);
  });

  /** Lets the picture "load" with these natural dimensions (jsdom loads no images). */
  function loadPicture(width: number, height: number) {
    const picture = screen.getByRole('dialog').querySelector('img') as HTMLImageElement;
    Object.defineProperty(picture, 'naturalWidth', { value: width });
    Object.defineProperty(picture, 'naturalHeight', { value: height });
    fireEvent.load(picture);
  }

  /** A product photo of this size in the cropper (usual minimum 0.5), and its zoom control. */
  function productPhotoZoom(width: number, height: number) {
    render(
      <ImageCropper
        image={PIXEL}
        startWhole
        initialZoom={0.5}
        minZoom={0.5}
        onCancel={() => {}}
        onCropped={() => {}}
      />,
    );
    loadPicture(width, height);
    return screen.getByLabelText('Zoom') as HTMLInputElement;
  }

  it('starts a product photo with the whole photo in view, even below the usual minimum zoom', () => {
    const zoom = productPhotoZoom(1600, 400);
    expect(Number(zoom.value)).toBe(0.25);
    expect(Number(zoom.min)).toBe(0.25);
  });

  it('keeps the usual minimum when the whole photo already fits above it', () => {
    const zoom = productPhotoZoom(600, 800);
    expect(Number(zoom.value)).toBe(0.75);
    expect(Number(zoom.min)).toBe(0.5);
  });

  it('leaves profile pictures at their initial zoom', () => {
    render(<ImageCropper image={PIXEL} onCancel={() => {}} onCropped={() => {}} />);
    loadPicture(1600, 400);
    expect(Number((screen.getByLabelText('Zoom') as HTMLInputElement).value)).toBe(1);
  });
});
