import { MSG } from '@bagshop/shared/messages';
import type { UserDto } from '@bagshop/shared/types';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { ProfilePictures } from './profile-pictures.tsx';

afterEach(cleanup);

// jsdom has no object URLs; the picture is never drawn there.
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeAll(() => {
  URL.createObjectURL = () => 'blob:chosen-picture';
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

const user: UserDto = {
  _id: 'u1',
  email: 'asha@example.in',
  name: 'Asha',
  phone: '9876543210',
  isAdmin: false,
  isExist: true,
  emailVerified: true,
  hasPassword: true,
  address: [],
  image: [],
};

describe('profile pictures (docs/product.md §2 Account, §4)', () => {
  it("offers 'Upload Image' when there is none, and a chosen file opens the crop dialog", async () => {
    const actor = userEvent.setup();
    renderScreen(<ProfilePictures user={user} />, { path: '/account' });
    expect(screen.getByRole('button', { name: 'Upload Image' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set as Profile pic' })).toBeNull();

    const file = new File(['picture'], 'me.png', { type: 'image/png' });
    await actor.upload(screen.getByLabelText('Choose a picture'), file);

    const dialog = screen.getByRole('dialog', { name: 'Crop your picture' });
    // 'Crop & Save' is the one step that saves (docs/decisions/059-screen-edges.md): nothing else to press after it.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent || button.getAttribute('aria-label')),
    ).toEqual(['Close', 'Cancel', 'Crop & Save']);
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    await actor.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows saved pictures as 100 px circles that open the crop dialog', async () => {
    const actor = userEvent.setup();
    renderScreen(<ProfilePictures user={{ ...user, image: ['/uploads/a.webp', '/uploads/b.webp'] }} />, {
      path: '/account',
    });
    const pictures = screen.getAllByRole('img');
    expect(pictures).toHaveLength(2);
    for (const picture of pictures) expect(picture.className).toContain('profile-pic');
    expect(screen.queryByRole('button', { name: 'Upload Image' })).toBeNull();

    await actor.click(screen.getByRole('button', { name: 'Crop picture 2' }));
    expect(screen.getByRole('button', { name: 'Crop & Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set as Profile pic' })).toBeNull();
  });

  it('stops offering new pictures at five', () => {
    const image = ['1', '2', '3', '4', '5'].map((n) => `/uploads/${n}.webp`);
    renderScreen(<ProfilePictures user={{ ...user, image }} />, { path: '/account' });
    expect(screen.queryByRole('button', { name: 'Add picture' })).toBeNull();
    expect(screen.getByText(MSG.tooManyPictures)).toBeTruthy();
  });
});
