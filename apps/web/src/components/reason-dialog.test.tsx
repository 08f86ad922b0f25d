import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReasonDialog } from './reason-dialog.tsx';

function show(onConfirm = vi.fn()) {
  render(
    <ReasonDialog
      show
      title="Cancel item"
      question="Cancel Campus Daypack from this order?"
      label="Reason for cancelling"
      requiredMessage={ORDER_MSG.cancelReasonRequired}
      maxMessage={ORDER_MSG.cancelReasonMax}
      confirmLabel="Cancel item"
      busy={false}
      onCancel={vi.fn()}
      onConfirm={onConfirm}
    />,
  );
  return onConfirm;
}

describe('reason dialog', () => {
  it('needs a reason before it confirms', async () => {
    const user = userEvent.setup();
    const onConfirm = show();
    await user.type(screen.getByLabelText('Reason for cancelling'), '   ');
    await user.click(screen.getByRole('button', { name: 'Cancel item' }));
    expect(await screen.findByText(ORDER_MSG.cancelReasonRequired)).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('hands over the trimmed reason', async () => {
    const user = userEvent.setup();
    const onConfirm = show();
    await user.type(screen.getByLabelText('Reason for cancelling'), '  Ordered the wrong colour ');
    await user.click(screen.getByRole('button', { name: 'Cancel item' }));
    expect(onConfirm).toHaveBeenCalledWith('Ordered the wrong colour');
  });
});
