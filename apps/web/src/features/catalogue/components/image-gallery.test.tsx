import { render, screen } from '@testing-library/react';
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
    const tabbable = screen.getAllByRole('button').filter((b) => b.tabIndex === 0);
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

    const thumbnails = screen.getAllByRole('button').map((button) => button.querySelector('img') as HTMLImageElement);
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
});
