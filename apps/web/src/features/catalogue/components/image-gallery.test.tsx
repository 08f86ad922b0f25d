import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ImageGallery } from './image-gallery.tsx';

const images = ['/a.webp', '/b.webp', '/c.webp'];
const thumbs = ['/a-t.webp', '/b-t.webp', '/c-t.webp'];

describe('image gallery', () => {
  it('switches the main picture from the thumbnails, by click and with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<ImageGallery name="Leather Tote" images={images} thumbs={thumbs} />);
    const main = () => screen.getByRole('img', { name: /Leather Tote, picture/ });
    const large = () =>
      main()
        .getAttribute('srcset')
        ?.match(/(\S+) 1200w/)?.[1];
    expect(large()).toBe('/a.webp');
    expect(main().getAttribute('alt')).toBe('Leather Tote, picture 1 of 3');

    await user.click(screen.getByRole('button', { name: 'Show picture 3 of 3' }));
    expect(large()).toBe('/c.webp');
    expect(screen.getByRole('button', { name: 'Show picture 3 of 3' }).getAttribute('aria-pressed')).toBe('true');

    await user.keyboard('{ArrowRight}');
    expect(large()).toBe('/a.webp');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show picture 1 of 3' }));
    await user.keyboard('{ArrowLeft}');
    expect(large()).toBe('/c.webp');
    await user.keyboard('{Home}');
    expect(large()).toBe('/a.webp');
  });

  it('keeps one tab stop for the thumbnails', () => {
    render(<ImageGallery name="Tote" images={images} thumbs={thumbs} />);
    const tabbable = within(screen.getByRole('toolbar'))
      .getAllByRole('button')
      .filter((b) => b.tabIndex === 0);
    expect(tabbable).toHaveLength(1);
  });

  it('shows no thumbnails for a single picture', () => {
    render(<ImageGallery name="Tote" images={['/only.webp']} thumbs={[]} />);
    expect(screen.getByRole('img', { name: 'Tote' }).getAttribute('src')).toBe('/only.webp');
    expect(screen.getByRole('img', { name: 'Tote' }).getAttribute('srcset')).toBe('/only.webp 1200w');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('fetches the main picture at once, in the size the screen needs, in a box of its final shape', () => {
    render(<ImageGallery name="Leather Tote" images={images} thumbs={thumbs} />);
    const main = screen.getByRole('img', { name: 'Leather Tote, picture 1 of 3' });
    expect(main.getAttribute('srcset')).toBe('/a-t.webp 400w, /a.webp 1200w');
    expect(main.getAttribute('sizes')).toBe('(min-width: 1400px) 636px, (min-width: 768px) 50vw, 100vw');
    expect([main.getAttribute('width'), main.getAttribute('height')]).toEqual(['400', '400']);
    expect(main.getAttribute('loading')).toBe('eager');
    expect(main.getAttribute('fetchpriority')).toBe('high');

    const thumbnails = within(screen.getByRole('toolbar'))
      .getAllByRole('button')
      .map((button) => button.querySelector('img') as HTMLImageElement);
    expect(thumbnails.map((img) => img.getAttribute('srcset'))).toEqual([
      '/a-t.webp 400w',
      '/b-t.webp 400w',
      '/c-t.webp 400w',
    ]);
    for (const img of thumbnails) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '400']);
    }
  });

  it('opens the picture full size in a dialog with zoom, moves with the arrow keys, and Escape closes it', async () => {
    const user = userEvent.setup();
    render(<ImageGallery name="Leather Tote" images={images} thumbs={thumbs} />);
    await user.click(screen.getByRole('button', { name: 'Show picture 2 of 3' }));
    const trigger = screen.getByRole('button', { name: 'View picture 2 of 3 full size' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(trigger);

    const dialog = await screen.findByRole('dialog', { name: 'Leather Tote, picture 2 of 3' });
    const picture = () => within(dialog).getByRole('img') as HTMLImageElement;
    expect(picture().getAttribute('src')).toBe('/b.webp');
    expect(within(dialog).getByText('100%')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Zoom out' })).toHaveProperty('disabled', true);

    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByText('200%')).toBeTruthy();
    expect(picture().style.width).toBe('200%');
    await user.keyboard('+');
    expect(within(dialog).getByText('300%')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Zoom in' })).toHaveProperty('disabled', true);
    await user.keyboard('-');
    expect(within(dialog).getByText('200%')).toBeTruthy();

    await user.keyboard('{ArrowRight}');
    expect(picture().getAttribute('src')).toBe('/c.webp');
    expect(picture().getAttribute('alt')).toBe('Leather Tote, picture 3 of 3');
    expect(within(dialog).getByText('100%')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next picture' }));
    expect(picture().getAttribute('src')).toBe('/a.webp');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The page shows the picture last seen, and focus is back where it was.
    expect(screen.getByRole('button', { name: 'View picture 1 of 3 full size' })).toBe(document.activeElement);
  });

  it('closes with its Close button', async () => {
    const user = userEvent.setup();
    render(<ImageGallery name="Tote" images={['/only.webp']} thumbs={[]} />);
    await user.click(screen.getByRole('button', { name: 'View the picture full size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tote' });
    expect(within(dialog).queryByRole('button', { name: 'Next picture' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
