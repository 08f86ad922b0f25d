import { GST_PAGE_MSG } from '@bagshop/shared/gst/gst-page-messages';
import { ExportButton } from '../../../components/export-button.tsx';
import { gstDownloads } from '../gst-period.ts';

/**
 * GSTR-1 (portal JSON, offline tool CSV ZIP or XLSX) and the registers (XLSX or CSV ZIP) of the period. Offered for an
 * empty period too: the portal accepts a nil return, and its file is the one to upload.
 */
export function GstDownloads({ period }: { period: string }) {
  return (
    <section className="card border-0 shadow-sm mb-3" aria-labelledby="gst-downloads-title">
      <div className="card-body p-3">
        <h2 id="gst-downloads-title" className="h6 mb-2">
          {GST_PAGE_MSG.downloadsHeading}
        </h2>
        <div className="d-flex flex-wrap gap-2">
          {gstDownloads(period).map((file) => (
            <ExportButton
              key={file.url}
              url={file.url}
              fileName={file.fileName}
              label={file.label}
              failedMessage={GST_PAGE_MSG.downloadFailed(file.label)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
