import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { AboutPage } from './about-page.tsx';

afterEach(cleanup);

describe('about page (docs/product.md §1, §9)', () => {
  it('tells the story from 2024 and introduces the team with initials', () => {
    renderScreen(<AboutPage />, { path: '/about' });
    expect(screen.getAllByText(/2024/).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Our mission' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ananya Rao' })).toBeTruthy();
    expect(screen.getByText('AR')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(4);
  });
});
