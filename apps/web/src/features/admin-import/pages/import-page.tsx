import { IMPORT_MSG } from '@bagshop/shared/catalogue-import';
import { IMPORT_SCREEN_MSG as M } from '@bagshop/shared/import-screen-messages';
import type { ImportJobDto } from '@bagshop/shared/schemas/catalogue-import';
import { type ReactNode, useState } from 'react';
import { Alert, Button, Card, ProgressBar } from 'react-bootstrap';
import { FiArrowLeft } from 'react-icons/fi';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage, fieldErrors } from '../../../api/errors.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { type ImportRequest, SHOPIFY_EXPORT_URL, useImportJob, useStartImport } from '../api.ts';
import { ImportForm } from '../components/import-form.tsx';
import { ImportReport, ImportSummary } from '../components/import-report.tsx';

/** The form's own fields: a 400 naming any other is told as a toast. */
const FORM_FIELDS = ['file', 'images', 'defaultSize', 'createCategories', 'compareAtOffers', 'skipInvalid'];

/**
 * /admin/products/import (docs/decisions/053-catalogue-import.md): send a Shopify product CSV or XLSX with its
 * pictures, check it (a dry run) or import it, follow the import's progress and read its report.
 */
export function ImportPage() {
  usePageTitle(M.title);
  const startImport = useStartImport();
  const [sending, setSending] = useState(false);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The files and options last sent, kept whole so "Import now" sends what was checked.
  const [sent, setSent] = useState<ImportRequest | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useImportJob(jobId);
  const running = job.data?.status === 'running';

  async function send(request: ImportRequest) {
    setErrors({});
    setJobId(null);
    setSent(request);
    setUploadPercent(0);
    setSending(true);
    try {
      const started = await startImport(request, setUploadPercent);
      setJobId(started._id);
    } catch (failure) {
      const fields = fieldErrors(failure);
      const ofForm = Object.keys(fields).filter((field) => FORM_FIELDS.includes(field));
      setErrors(fields);
      if (ofForm.length === 0) toast.error(errorMessage(failure, M.startFailed));
    } finally {
      setSending(false);
      setUploadPercent(null);
    }
  }

  const importNow = sent ? () => send({ ...sent, options: { ...sent.options, dryRun: false } }) : null;

  return (
    <>
      <Link
        to="/admin/products"
        className="d-inline-flex align-items-center gap-1 mb-3 text-brand text-decoration-none"
      >
        <FiArrowLeft aria-hidden="true" />
        {M.backToProducts}
      </Link>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{M.title}</h1>
        <ExportButton url={SHOPIFY_EXPORT_URL} fileName="products-shopify.csv" label={M.exportShopify} />
      </div>
      <Card className="mb-4">
        <Card.Body>
          <p>{M.intro}</p>
          <p className="text-muted small">{M.picturesIntro}</p>
          <ImportForm
            errors={errors}
            busy={sending || running}
            uploadPercent={uploadPercent}
            onSend={send}
            onInvalid={setErrors}
          />
        </Card.Body>
      </Card>
      {/* Always in the page, so what it comes to say is read out: the phase, then the import's result. */}
      <div role="status" aria-label={M.statusLabel} className="mb-3">
        <StatusLine sending={sending} job={jobId ? job.data : undefined} />
      </div>
      {jobId ? (
        <ImportJobView
          job={job.data}
          loading={job.isLoading}
          failed={Boolean(job.error)}
          failure={errorMessage(job.error, M.followFailed)}
          retrying={job.isFetching}
          onRetry={job.refetch}
          onImportNow={importNow}
        />
      ) : null}
    </>
  );
}

function StatusLine({ sending, job }: { sending: boolean; job: ImportJobDto | undefined }) {
  if (sending) return <p className="text-muted mb-0">{M.uploading}</p>;
  if (job?.status === 'running') return <p className="text-muted mb-0">{job.dryRun ? M.checking : M.importing}</p>;
  const result = job?.status === 'done' ? job.result : null;
  if (!result) return null;
  const variant = result.counts.error > 0 ? 'warning' : result.applied || job?.dryRun ? 'success' : 'info';
  return <div className={`alert alert-${variant} mb-0`}>{result.message}</div>;
}

interface ImportJobViewProps {
  job: ImportJobDto | undefined;
  loading: boolean;
  failed: boolean;
  failure: string;
  retrying: boolean;
  onRetry: () => unknown;
  onImportNow: (() => void) | null;
}

/** The import being followed: its progress while it runs, then its report, or why it failed. */
function ImportJobView({ job, loading, failed, failure, retrying, onRetry, onImportNow }: ImportJobViewProps) {
  let body: ReactNode;
  if (!job && loading) body = <LoadingState text={M.loading} />;
  else if (!job)
    body = <LoadFailed message={failed ? failure : M.followFailed} onRetry={onRetry} retrying={retrying} />;
  else if (job.status === 'running') body = <JobProgress job={job} />;
  else if (job.status === 'failed' || !job.result)
    body = <Alert variant="danger">{job.error ?? IMPORT_MSG.failed}</Alert>;
  else {
    const { result } = job;
    const changes = result.counts.created + result.counts.updated;
    const importNow = job.dryRun && result.counts.error === 0 && changes > 0 ? onImportNow : null;
    body = (
      <>
        <ImportSummary result={result} />
        {importNow ? (
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
            <Button variant="brand" onClick={importNow}>
              {M.importNow}
            </Button>
            <span className="small text-muted">{M.importNowHint}</span>
          </div>
        ) : null}
        <ImportReport key={job._id} jobId={job._id} rows={result.rows} />
      </>
    );
  }
  return (
    <Card>
      <Card.Body>{body}</Card.Body>
    </Card>
  );
}

function JobProgress({ job }: { job: ImportJobDto }) {
  const label = M.progress(job.dryRun, job.processed, job.total);
  return (
    <>
      <p className="mb-2" aria-hidden="true">
        {label}
      </p>
      {/* react-bootstrap puts extra props on the track; the nested bar carries role="progressbar" and its name. */}
      <ProgressBar>
        <ProgressBar animated now={job.processed} max={Math.max(job.total, 1)} aria-label={label} />
      </ProgressBar>
    </>
  );
}
