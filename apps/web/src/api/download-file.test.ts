import { describe, expect, it } from 'vitest';
import { makeStore } from '../store/store.ts';
import { adminSession, rememberSession, withRealServer } from '../test/real-server.ts';
import { downloadsApi, fileNameOf, safeFileName } from './download-file.ts';

const server = withRealServer();

describe('file names of downloads', () => {
  it('reads the name the server offers', () => {
    expect(fileNameOf('attachment; filename="sales-report-2026-11-15-2026-11-21.csv"')).toBe(
      'sales-report-2026-11-15-2026-11-21.csv',
    );
    expect(fileNameOf('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(fileNameOf(`attachment; filename="x.xlsx"; filename*=UTF-8''sales%20report.xlsx`)).toBe('sales report.xlsx');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });

  it('keeps only safe characters', () => {
    expect(safeFileName('sales report.xlsx', 'report.xlsx')).toBe('sales-report.xlsx');
    expect(safeFileName('../../etc/passwd', 'report.csv')).toBe('etcpasswd');
    expect(safeFileName('...', 'report.csv')).toBe('report.csv');
  });
});

describe('downloadFile', () => {
  it("gives the shop's reason and status when it refuses the file", async () => {
    rememberSession(adminSession());
    const store = makeStore();
    const missing = '00000000-0000-4000-8000-000000000000';
    const refused = await store
      .dispatch(
        downloadsApi.endpoints.downloadFile.initiate({
          url: `/api/orders/${missing}/invoice`,
          fileName: 'invoice.pdf',
        }),
      )
      .unwrap()
      .catch((error: unknown) => error);
    const call = server.last(`/api/orders/${missing}/invoice`);
    expect(call.status).toBe(404);
    expect(refused).toMatchObject({ status: 404, data: { message: (call.answer as { message: string }).message } });
  });
});
