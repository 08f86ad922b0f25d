import { screen } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';

/** Replaces the text of the field labelled `label`, pasting the new value at once (an empty value just clears it). */
export async function setField(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) {
    await user.click(input);
    await user.paste(value);
  }
}
