import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import { describe, expect, it } from 'vitest';
import { actionLabel, auditTime, compareSnapshots, fieldLabel, valueText } from './audit-format.ts';
import { auditSearch, dateOf, readAuditQuery, ymdOf } from './audit-query.ts';

const ADMIN = 'a3c9e1f0-1111-4222-8333-444455556666';

describe('audit log query in the URL', () => {
  it('reads the filters and the page', () => {
    const params = new URLSearchParams(`adminId=${ADMIN}&kind=product&startDate=2024-03-01&endDate=2024-03-31&page=2`);
    expect(readAuditQuery(params)).toEqual({
      query: { adminId: ADMIN, kind: 'product', startDate: '2024-03-01', endDate: '2024-03-31', page: 2 },
      errors: {},
    });
  });

  it('keeps the good filters of a hand-edited link and names the bad ones', () => {
    const { query, errors } = readAuditQuery(
      new URLSearchParams('kind=wallet&startDate=2024-03-10&endDate=2024-03-09'),
    );
    expect(errors).toEqual({ kind: 'Choose a kind', endDate: INSIGHT_MSG.endBeforeStart });
    expect(query).toEqual({ startDate: '2024-03-10', page: 1 });
  });

  it('ignores other parameters and leaves empty filters and page 1 out of the link', () => {
    expect(readAuditQuery(new URLSearchParams('keyword=x&kind=')).query).toEqual({ page: 1 });
    expect(auditSearch({ kind: 'order', adminId: undefined, startDate: '', page: 1 }).toString()).toBe('kind=order');
    expect(auditSearch({ kind: 'order', page: 3 }).toString()).toBe('kind=order&page=3');
  });

  it('turns a picked day into YYYY-MM-DD and back', () => {
    expect(ymdOf(new Date(2024, 2, 5))).toBe('2024-03-05');
    expect(dateOf('2024-03-05')).toEqual(new Date(2024, 2, 5));
    expect(dateOf(undefined)).toBeNull();
  });
});

describe('audit log wording', () => {
  it('shows times in India with date and time', () => {
    expect(auditTime('2024-03-09T18:29:59.000Z')).toMatch(/^09 Mar 2024, 11:59:59\s?pm$/i);
    expect(auditTime('2024-03-09T18:30:00.000Z')).toMatch(/^10 Mar 2024, 12:00:00\s?am$/i);
  });

  it('names actions and fields in words', () => {
    expect(actionLabel('return-approve')).toBe('Return approved');
    expect(actionLabel('block')).toBe('Blocked');
    expect(actionLabel('mark-read')).toBe('Mark read');
    expect(fieldLabel('paymentStatus')).toBe('Payment status');
    expect(fieldLabel('minAmount')).toBe('Minimum amount');
    expect(fieldLabel('name')).toBe('Name');
  });

  it('writes values plainly', () => {
    expect(valueText(null)).toBe('—');
    expect(valueText('')).toBe('—');
    expect(valueText(true)).toBe('Yes');
    expect(valueText(false)).toBe('No');
    expect(valueText(1499.5)).toBe('1499.5');
    expect(valueText(['a', 'b'])).toBe('a\nb');
    expect(valueText('2024-03-09T18:30:00.000Z')).toMatch(/^10 Mar 2024/);
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
});

describe('before and after side by side', () => {
  it('marks the fields an edit changed, in a fixed reading order whatever order they were stored in', () => {
    const fields = compareSnapshots(
      { blocked: false, images: ['/a', '/b'], offer: null, name: 'Backpacks', zone: 'North' },
      { name: 'Backpacks', offer: 'Monsoon', blocked: false, images: ['/b', '/a'], zone: 'North' },
    );
    expect(fields.map((f) => [f.label, f.changed])).toEqual([
      ['Name', false],
      ['Offer', true],
      ['Images', true],
      ['Blocked', false],
      ['Zone', false],
    ]);
    expect(fields[1]).toMatchObject({ before: null, after: 'Monsoon' });
  });

  it('marks nothing for a created or deleted record', () => {
    expect(compareSnapshots(null, { name: 'New' })).toEqual([
      { key: 'name', label: 'Name', before: undefined, after: 'New', changed: false },
    ]);
    expect(compareSnapshots({ name: 'Old' }, null).map((f) => f.changed)).toEqual([false]);
    expect(compareSnapshots(null, null)).toEqual([]);
  });

  it('shows a snapshot that is no record as one value', () => {
    expect(compareSnapshots('read', 'unread')).toEqual([
      { key: 'value', label: 'Value', before: 'read', after: 'unread', changed: true },
    ]);
  });
});
