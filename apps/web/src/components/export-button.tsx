import { ADMIN_LIST_MSG } from '@bagshop/shared/admin-list-messages';
import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { FiDownload } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { useDownloadFileMutation } from '../api/download-file.ts';

interface ExportButtonProps {
  /** The export URL with the list's current search, filters and sort. */
  url: string;
  fileName: string;
  label?: string;
  /** The toast when the download fails. */
  failedMessage?: string;
}

/** Downloads a file as the server writes it (a list's CSV with every row the filters select, a GST return…). */
export function ExportButton({
  url,
  fileName,
  label = 'Export CSV',
  failedMessage = ADMIN_LIST_MSG.exportFailed,
}: ExportButtonProps) {
  const [downloadFile] = useDownloadFileMutation();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      await downloadFile({ url, fileName }).unwrap();
    } catch {
      toast.error(failedMessage);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="outline-brand" onClick={download} disabled={busy} aria-busy={busy}>
      {busy ? (
        <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />
      ) : (
        <FiDownload aria-hidden="true" className="me-1" />
      )}
      {label}
    </Button>
  );
}
