import { IMPORT_MSG } from '@bagshop/shared/catalogue-import';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { IMPORT_SCREEN_MSG as M } from '@bagshop/shared/import-screen-messages';
import type { ImportJobDto } from '@bagshop/shared/schemas/catalogue-import';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { zipSync } from 'fflate';
import { ToastContainer } from 'react-toastify';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminSession,
  adminToken,
  callApi,
  multipart,
  rememberSession,
  uniqueWord,
  withRealServer,
} from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { createCategory } from '../../../test/shop-data.ts';
import { ImportPage } from './import-page.tsx';

const server = withRealServer();
const IMPORT = '/api/admin/products/import';

/** The forms the page uploaded, and a gate that holds an upload half-way so its progress bar can be seen. */
const uploads = { forms: [] as FormData[], gate: Promise.resolve() };

type ProgressHandler = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/**
 * jsdom's XMLHttpRequest would send '/api/…' to jsdom's own address, not to this run's shop: this one hands the form
 * to the page's fetch (which reaches the shop and is recorded), reporting the upload's progress on the way.
 */
class XhrToShop {
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ProgressHandler | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(form: FormData) {
    void this.forward(form);
  }

  private async forward(form: FormData) {
    uploads.forms.push(form);
    const fields: Record<string, string> = {};
    const files: Parameters<typeof multipart>[1] = [];
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value;
      else
        files.push({ field: name, name: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer()) });
    }
    const { boundary, body } = multipart(fields, files);
    this.upload.onprogress?.({ lengthComputable: true, loaded: body.length / 2, total: body.length });
    await uploads.gate;
    this.upload.onprogress?.({ lengthComputable: true, loaded: body.length, total: body.length });
    try {
      const response = await fetch(this.url, {
        method: this.method,
        headers: { ...this.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      this.status = response.status;
      this.responseText = await response.text();
      this.onload?.();
    } catch {
      this.onerror?.();
    }
  }
}

/** While set, the shop's answers about an import say it is still running, 1,200 of 10,000 rows in. */
let holdRunning = false;

beforeEach(() => {
  rememberSession(adminSession());
  uploads.forms.length = 0;
  uploads.gate = Promise.resolve();
  holdRunning = false;
  vi.stubGlobal('XMLHttpRequest', XhrToShop);
  const shopFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const response = await shopFetch(input, init);
    const path = new URL(typeof input === 'string' ? input : input.url, 'http://shop').pathname;
    if (!holdRunning || !/^\/api\/admin\/imports\/[^/]+$/.test(path)) return response;
    const job = (await response.json()) as ImportJobDto;
    const running = { ...job, status: 'running', processed: 1200, total: 10_000, finishedAt: null, result: null };
    return new Response(JSON.stringify(running), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});

const HEADER =
  'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Grams,' +
  'Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Image Position,Image Alt Text,Status';

/** A Shopify product CSV of a tote in two colours, and (when asked) a sling in a colour the shop does not sell. */
function shopifyCsv(tag: string, category: string, withBadRow: boolean) {
  const handle = tag.toLowerCase();
  const rows = [
    `${handle}-tote,${tag} Tote,<p>Roomy</p>,Hidesign,${category},,TRUE,Color,Black,${tag}-BLK,700,5,2999.00,,black.png,1,Black,active`,
    `${handle}-tote,,,,,,,,Brown,${tag}-BRN,650,3,2999.00,,brown.png,2,Brown,`,
  ];
  if (withBadRow) {
    rows.push(
      `${handle}-sling,${tag} Sling,<p>Small</p>,Baggit,${category},,TRUE,Color,Mauve,${tag}-SL,300,4,999.00,,black.png,1,,active`,
    );
  }
  return new File([`${HEADER}\n${rows.join('\n')}\n`], 'products.csv', { type: 'text/csv' });
}

let pictures: File;
beforeAll(async () => {
  const png = (background: string) =>
    sharp({ create: { width: 48, height: 48, channels: 3, background } })
      .png()
      .toBuffer();
  const zip = zipSync({ 'black.png': await png('#111111'), 'brown.png': await png('#7a4a2a') });
  pictures = new File([zip], 'pictures.zip', { type: 'application/zip' });
});

const renderImport = () =>
  renderScreen(
    <>
      <ImportPage />
      <ToastContainer />
    </>,
    { path: '/admin/products/import' },
  );

/** What the page sent, one entry a field: the text fields as they are, the files by name and size. */
const sentFields = (form: FormData | undefined) =>
  Object.fromEntries(
    [...(form?.entries() ?? [])].map(([name, value]) => [
      name,
      typeof value === 'string' ? value : `${value.name} (${value.size} bytes)`,
    ]),
  );

const reportRows = () => screen.getAllByTestId('import-report-row');
const importStatus = () => screen.getByRole('status', { name: M.statusLabel }).textContent;

describe('import products screen against the shop', () => {
  it('sends the file, pictures and options as one form, shows the upload and the rows checked, then the report', async () => {
    const user = userEvent.setup();
    const tag = uniqueWord(6);
    const category = `${tag} Bags`;
    const csv = shopifyCsv(tag, category, true);
    renderImport();
    expect(screen.getByRole('heading', { level: 1, name: M.title })).toBeTruthy();

    await user.upload(screen.getByLabelText(M.fileLabel), csv);
    await user.upload(screen.getByLabelText(M.imagesLabel), pictures);
    await user.type(screen.getByLabelText(M.defaultSizeLabel), '35Lx15Bx40Hcm');
    await user.click(screen.getByLabelText(M.createCategories));
    let release = () => {};
    uploads.gate = new Promise((resolve) => {
      release = resolve;
    });
    await user.click(screen.getByRole('button', { name: M.check }));

    const upload = await screen.findByRole('progressbar', { name: M.uploadProgress });
    expect(upload.getAttribute('aria-valuenow')).toBe('50');
    expect(importStatus()).toBe(M.uploading);
    expect(screen.getByRole('button', { name: M.import })).toHaveProperty('disabled', true);
    expect(sentFields(uploads.forms[0])).toEqual({
      dryRun: 'true',
      skipInvalid: 'false',
      compareAtOffers: 'false',
      createCategories: 'true',
      defaultSize: '35Lx15Bx40Hcm',
      file: `products.csv (${csv.size} bytes)`,
      images: `pictures.zip (${pictures.size} bytes)`,
    });

    holdRunning = true;
    release();
    // The shop's first import of a run loads its sheet and picture readers: its answers may take a few seconds.
    const running = await screen.findByRole(
      'progressbar',
      { name: M.progress(true, 1200, 10_000) },
      { timeout: 10_000 },
    );
    expect(running.getAttribute('aria-valuenow')).toBe('1200');
    expect(running.getAttribute('aria-valuemax')).toBe('10000');
    expect(screen.getByText('Checking 1,200 of 10,000 rows')).toBeTruthy();
    expect(importStatus()).toBe(M.checking);
    expect(server.last(IMPORT, 'POST').status).toBe(202);

    holdRunning = false;
    expect(await screen.findByRole('table', { name: M.reportCaption(1, 3, 3) }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(importStatus()).toBe(IMPORT_MSG.dryRunDone);
    expect(screen.getByTestId('import-count-created').textContent).toBe('Created 2');
    expect(screen.getByTestId('import-count-error').textContent).toBe('Errors 1');
    expect(screen.getByText(category)).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.importNow })).toBeNull();
    expect(reportRows()).toHaveLength(3);

    const filter = screen.getByLabelText(M.filterLabel);
    await user.selectOptions(filter, 'error');
    expect(reportRows()).toHaveLength(1);
    const bad = within(reportRows()[0] as HTMLElement);
    expect(bad.getByText('4')).toBeTruthy();
    expect(bad.getByText(`${tag.toLowerCase()}-sling`)).toBeTruthy();
    expect(bad.getByText('Error')).toBeTruthy();
    expect(bad.getByText('Option1 Value:')).toBeTruthy();
    expect(bad.getByText(IMPORT_MSG.unknownColour('Mauve'))).toBeTruthy();
    expect(screen.getByRole('table', { name: M.reportCaption(1, 1, 1) })).toBeTruthy();

    await user.selectOptions(filter, 'created');
    expect(reportRows().map((row) => within(row).getAllByRole('cell')[4]?.textContent)).toEqual(['Black', 'Brown']);
    await user.selectOptions(filter, 'unchanged');
    expect(screen.getByText(M.noRowsOfOutcome)).toBeTruthy();
    await user.selectOptions(filter, 'all');
    expect(reportRows()).toHaveLength(3);
  }, 30_000);

  it('imports what a check found good with "Import now", sending the same files again', async () => {
    const user = userEvent.setup();
    const tag = uniqueWord(6);
    const { name: category } = await createCategory(`${tag} Totes`);
    const csv = shopifyCsv(tag, category, false);
    renderImport();
    await user.upload(screen.getByLabelText(M.fileLabel), csv);
    await user.upload(screen.getByLabelText(M.imagesLabel), pictures);
    await user.type(screen.getByLabelText(M.defaultSizeLabel), '35Lx15Bx40Hcm');
    await user.click(screen.getByRole('button', { name: M.check }));

    await user.click(await screen.findByRole('button', { name: M.importNow }, { timeout: 10_000 }));
    const applied = IMPORT_MSG.applied({ created: 2, updated: 0, error: 0 });
    await waitFor(() => expect(importStatus()).toBe(applied), {
      timeout: 10_000,
    });
    expect(uploads.forms).toHaveLength(2);
    expect(sentFields(uploads.forms[1])).toEqual({ ...sentFields(uploads.forms[0]), dryRun: 'false' });
    expect(sentFields(uploads.forms[1]).file).toBe(`products.csv (${csv.size} bytes)`);
    expect(screen.getByTestId('import-count-created').textContent).toBe('Created 2');
    expect(screen.queryByRole('button', { name: M.importNow })).toBeNull();

    const links = reportRows().map((row) => within(row).getByRole('link'));
    expect(links.map((link) => link.textContent)).toEqual([`${tag} Tote`, `${tag} Tote`]);
    const id = links[0]?.getAttribute('href')?.split('/').at(-1) ?? '';
    const { product } = await callApi<{ product: { name: string; sku: string | null } }>('GET', `/api/products/${id}`, {
      token: adminToken(),
    });
    expect(product).toMatchObject({ name: `${tag} Tote`, sku: `${tag}-BLK` });
  }, 30_000);

  it('shows a problem with the form under its input, and others as a toast', async () => {
    const user = userEvent.setup();
    renderImport();

    await user.click(screen.getByRole('button', { name: M.check }));
    const fileInput = screen.getByLabelText(M.fileLabel);
    expect(await screen.findByText(IMPORT_MSG.fileRequired)).toBeTruthy();
    expect(fileInput.getAttribute('aria-invalid')).toBe('true');
    expect(fileInput.getAttribute('aria-describedby')).toBe('import-file-error');
    await waitFor(() => expect(document.activeElement).toBe(fileInput));
    expect(server.calls.filter((call) => call.path === IMPORT)).toEqual([]);

    const sizeInput = screen.getByLabelText(M.defaultSizeLabel);
    await user.upload(fileInput, new File(['Title,Price\nTote,100\n'], 'sheet.csv', { type: 'text/csv' }));
    await user.type(sizeInput, 'big');
    await user.click(screen.getByRole('button', { name: M.check }));
    await waitFor(() => expect(server.last(IMPORT, 'POST').status).toBe(400));
    expect(await screen.findByText(CATALOGUE_MSG.sizeRequired)).toBeTruthy();
    expect(sizeInput.getAttribute('aria-invalid')).toBe('true');
    expect(sizeInput.getAttribute('aria-describedby')).toContain('import-default-size-error');
    await waitFor(() => expect(document.activeElement).toBe(sizeInput));
    expect(screen.queryByText(IMPORT_MSG.fileRequired)).toBeNull();

    await user.clear(sizeInput);
    await user.click(screen.getByRole('button', { name: M.import }));
    expect(await screen.findByText(IMPORT_MSG.noHandleColumn)).toBeTruthy();
    expect(sizeInput.getAttribute('aria-invalid')).toBeNull();
    expect(fileInput.getAttribute('aria-invalid')).toBe('true');
    expect(sentFields(uploads.forms.at(-1)).dryRun).toBe('false');

    // Neither text nor a workbook: the shop refuses the file itself (415), which no input can show.
    await user.upload(fileInput, new File([new Uint8Array([0, 1, 2, 3])], 'products.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: M.check }));
    expect(await screen.findByText(IMPORT_MSG.fileKind)).toBeTruthy();
    expect(server.last(IMPORT, 'POST').status).toBe(415);
    expect(fileInput.getAttribute('aria-invalid')).toBeNull();
  });
});
