import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { AppNavbar } from './navbar.tsx';

describe('navigation bar on phones', () => {
  it('keeps the cart icon in the bar beside the menu button, outside the folding menu', () => {
    renderScreen(<AppNavbar />, { path: '/' });
    const toggler = screen.getByRole('button', { name: 'Toggle navigation' });
    const bar = toggler.parentElement as HTMLElement;
    const cart = within(bar).getByRole('link', { name: 'Cart, 0 items' });
    expect(cart.getAttribute('href')).toBe('/cart');
    expect(cart.closest('#main-nav')).toBeNull();
    expect(bar.classList.contains('d-lg-none')).toBe(true);
    // From lg on, the cart in the menu takes over; only one of the two is ever shown.
    const inMenu = within(document.getElementById('main-nav') as HTMLElement).getByRole('link', {
      name: 'Cart, 0 items',
    });
    expect(inMenu.className).toContain('d-none d-lg-block');
  });
});
