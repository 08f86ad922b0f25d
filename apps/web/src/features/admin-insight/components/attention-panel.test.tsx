import type { AttentionProblem } from '@bagshop/shared/schemas/attention';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AttentionPanel } from './attention-panel.tsx';

const problems: AttentionProblem[] = [
  {
    key: 'backup',
    title: 'The last backup failed',
    detail: 'The scheduled backup started 24 Nov 2026, 2:00 am (India time) failed: No space left on device.',
    advice: 'Free space where backups are kept, then take a backup with npm run backup.',
    since: '2026-11-23T20:31:00.000Z',
  },
  {
    key: 'disk',
    title: 'The disk is nearly full',
    detail: 'The disk of the data folder (/srv/bagshop/data/a-rather-long-folder-name-that-must-wrap) is 94% full.',
    advice: 'Free space or give the machine a larger disk.',
    since: '2026-11-24T11:05:00.000Z',
  },
];

describe('the Attention panel', () => {
  it('is not there at all when nothing needs attention', () => {
    const { container } = render(<AttentionPanel problems={[]} />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Attention' })).toBeNull();
  });

  it('lists each problem under its heading with what to do and since when, India time', () => {
    render(<AttentionPanel problems={problems} />);
    const panel = within(screen.getByRole('region', { name: 'Attention' }));
    expect(panel.getByRole('heading', { level: 2, name: 'Attention' })).toBeTruthy();
    const items = panel.getAllByRole('listitem');
    expect(items).toHaveLength(2);

    const backup = within(items[0]);
    expect(backup.getByRole('heading', { level: 3 }).textContent).toBe('The last backup failed');
    expect(backup.getByText(problems[0].detail)).toBeTruthy();
    expect(items[0].textContent).toContain(`What to do: ${problems[0].advice}`);
    // 20:31 UTC on the 23rd is 2:01 am on the 24th in India.
    const since = items[0].querySelector('time');
    expect(since?.getAttribute('datetime')).toBe('2026-11-23T20:31:00.000Z');
    expect(since?.parentElement?.textContent).toBe('Since 24 Nov 2026, 02:01 am');

    const disk = within(items[1]);
    expect(disk.getByRole('heading', { level: 3 }).textContent).toBe('The disk is nearly full');
    expect(items[1].querySelector('time')?.parentElement?.textContent).toBe('Since 24 Nov 2026, 04:35 pm');
    // A long folder name wraps instead of widening a phone's screen.
    expect(items[1].className).toContain('text-break');
  });
});
