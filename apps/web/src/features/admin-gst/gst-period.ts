import { GST_PAGE_MSG } from '@bagshop/shared/gst/gst-page-messages';
import { gstPeriodOf, previousGstMonthOf } from '@bagshop/shared/gst/periods';
import { GST_MSG } from '@bagshop/shared/schemas/gst';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The return period of the page, kept in the URL (?period=2026-11 or ?period=2026-Q4) so it can be shared and
 * reloaded. Without one the page shows the month before this one (India time), the month a return is filed for;
 * that month is written into the URL at once, so the address on screen always names what is shown.
 */
export function useGstPeriod() {
  const [params, setParams] = useSearchParams();
  const [fallback] = useState(() => previousGstMonthOf(new Date()));
  const asked = params.get('period');
  const period = asked || fallback;
  useEffect(() => {
    if (!asked) setParams({ period: fallback }, { replace: true });
  }, [asked, fallback, setParams]);
  const choose = useCallback((next: string) => setParams({ period: next }), [setParams]);
  const valid = gstPeriodOf(period) !== null;
  return { period, valid, error: valid ? undefined : GST_MSG.periodInvalid, choose };
}

const fileUrl = (path: string, period: string, format: string) =>
  `${path}?${new URLSearchParams({ period, format }).toString()}`;

/** The files of a period: GSTR-1 for the portal or the offline tool, and the registers for the accountant. */
export function gstDownloads(period: string) {
  return [
    {
      label: GST_PAGE_MSG.gstr1Json,
      url: fileUrl('/api/admin/gst/gstr1', period, 'json'),
      fileName: `GSTR1-${period}.json`,
    },
    {
      label: GST_PAGE_MSG.gstr1Csv,
      url: fileUrl('/api/admin/gst/gstr1', period, 'csv'),
      fileName: `GSTR1-${period}.zip`,
    },
    {
      label: GST_PAGE_MSG.gstr1Xlsx,
      url: fileUrl('/api/admin/gst/gstr1', period, 'xlsx'),
      fileName: `GSTR1-${period}.xlsx`,
    },
    {
      label: GST_PAGE_MSG.registersXlsx,
      url: fileUrl('/api/admin/gst/registers', period, 'xlsx'),
      fileName: `GST-registers-${period}.xlsx`,
    },
    {
      label: GST_PAGE_MSG.registersCsv,
      url: fileUrl('/api/admin/gst/registers', period, 'csv'),
      fileName: `GST-registers-${period}.zip`,
    },
  ];
}
