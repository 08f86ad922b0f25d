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
    expect(main().getAttribute('src')).toBe('/a.webp');
    expect(main().getAttribute('alt')).toBe('Leather Tote, picture 1 of 3');

    await user.click(screen.getByRole('button', { name: 'Show picture 3 of 3' }));
    expect(main().getAttribute('src')).toBe('/c.webp');
    expect(screen.getByRole('button', { name: 'Show picture 3 of 3' }).getAttribute('aria-pressed')).toBe('true');

    await user.keyboard('{ArrowRight}');
    expect(main().getAttribute('src')).toBe('/a.webp');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show picture 1 of 3' }));
    await user.keyboard('{ArrowLeft}');
    expect(main().getAttribute('src')).toBe('/c.webp');
    await user.keyboard('{Home}');
    expect(main().getAttribute('src')).toBe('/a.webp');
  });

  it('keeps one tab stop for the thumbnails', () => {
    render(<ImageGallery name="Tote" images={images} thumbs={thumbs} />);
    const tabbable = screen.getAllByRole('button').filter((b) => b.tabIndex === 0);
    expect(tabbable).toHaveLength(1);
  });

  it('shows no thumbnails for a single picture', () => {
    render(<ImageGallery name="Tote" images={['/only.webp']} thumbs={[]} />);
    expect(screen.getByRole('img', { name: 'Tote' }).getAttribute('src')).toBe('/only.webp');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});
