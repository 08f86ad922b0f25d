import {
  IMPORT_FILE_FIELD,
  IMPORT_IMAGES_FIELD,
  IMPORT_MSG,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_IMAGES_BYTES,
} from '@bagshop/shared/catalogue-import';
import { IMPORT_SCREEN_MSG as M } from '@bagshop/shared/import-screen-messages';
import { useEffect } from 'react';
import { Button, Form, ProgressBar, Spinner } from 'react-bootstrap';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { TextField } from '../../../components/form-field.tsx';
import type { ImportRequest } from '../api.ts';

interface ImportFormValues {
  file: FileList | null;
  images: FileList | null;
  defaultSize: string;
  createCategories: boolean;
  compareAtOffers: boolean;
  skipInvalid: boolean;
}

/** The form's fields in the order they are shown: the first one with a problem takes the focus. */
const FIELDS = [
  IMPORT_FILE_FIELD,
  IMPORT_IMAGES_FIELD,
  'defaultSize',
  'createCategories',
  'compareAtOffers',
  'skipInvalid',
] as const satisfies readonly (keyof ImportFormValues)[];

const TICKS = [
  { name: 'createCategories', label: M.createCategories },
  { name: 'compareAtOffers', label: M.compareAtOffers, hint: M.compareAtOffersHint },
  { name: 'skipInvalid', label: M.skipInvalid },
] as const;

/** The problems the browser can see before sending: no file, or a file larger than the shop takes. */
function fileProblems(file: File | undefined, images: File | null): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!file) problems[IMPORT_FILE_FIELD] = IMPORT_MSG.fileRequired;
  else if (file.size > MAX_IMPORT_FILE_BYTES) problems[IMPORT_FILE_FIELD] = IMPORT_MSG.fileTooLarge;
  if (images && images.size > MAX_IMPORT_IMAGES_BYTES) problems[IMPORT_IMAGES_FIELD] = IMPORT_MSG.imagesTooLarge;
  return problems;
}

interface ImportFormProps {
  /** Per-field problems: the shop's (a 400) or the browser's own, shown under their inputs. */
  errors: Record<string, string>;
  /** A file is being sent or an import runs: the buttons wait. */
  busy: boolean;
  /** 0–100 while the file is sent, else null. */
  uploadPercent: number | null;
  onSend: (request: ImportRequest) => void;
  onInvalid: (errors: Record<string, string>) => void;
}

/** The import form: the file, its pictures, the options, and Check file (a dry run) or Import. */
export function ImportForm({ errors, busy, uploadPercent, onSend, onInvalid }: ImportFormProps) {
  const { register, handleSubmit, setFocus } = useForm<ImportFormValues>({
    defaultValues: {
      file: null,
      images: null,
      defaultSize: '',
      createCategories: false,
      compareAtOffers: false,
      skipInvalid: false,
    },
  });

  useEffect(() => {
    const first = FIELDS.find((field) => errors[field]);
    if (first) setFocus(first);
  }, [errors, setFocus]);

  const submit = (dryRun: boolean) =>
    handleSubmit((values) => {
      const file = values.file?.[0];
      const images = values.images?.[0] ?? null;
      const problems = fileProblems(file, images);
      if (!file || Object.keys(problems).length > 0) {
        onInvalid(problems);
        return;
      }
      onSend({
        file,
        images,
        options: {
          dryRun,
          skipInvalid: values.skipInvalid,
          compareAtOffers: values.compareAtOffers,
          createCategories: values.createCategories,
          defaultSize: values.defaultSize.trim(),
        },
      });
    });

  return (
    <Form noValidate onSubmit={submit(true)} aria-label={M.title}>
      <FileField
        id="import-file"
        label={M.fileLabel}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        registration={register(IMPORT_FILE_FIELD)}
        error={errors[IMPORT_FILE_FIELD]}
      />
      <FileField
        id="import-images"
        label={M.imagesLabel}
        accept=".zip,application/zip"
        registration={register(IMPORT_IMAGES_FIELD)}
        error={errors[IMPORT_IMAGES_FIELD]}
      />
      <TextField
        id="import-default-size"
        label={M.defaultSizeLabel}
        placeholder="35Lx15Bx40Hcm"
        autoComplete="off"
        spellCheck={false}
        registration={register('defaultSize')}
        error={errors.defaultSize}
        hint={M.defaultSizeHint}
      />
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{M.optionsLegend}</legend>
        {TICKS.map((tick) => {
          const hintId = 'hint' in tick ? `import-${tick.name}-hint` : undefined;
          const error = errors[tick.name];
          return (
            <Form.Check key={tick.name} id={`import-${tick.name}`} className="mb-2">
              <Form.Check.Input
                type="checkbox"
                {...register(tick.name)}
                isInvalid={Boolean(error)}
                aria-describedby={
                  [hintId, error ? `import-${tick.name}-error` : null].filter(Boolean).join(' ') || undefined
                }
              />
              <Form.Check.Label>{tick.label}</Form.Check.Label>
              {'hint' in tick ? (
                <Form.Text id={hintId} muted className="d-block">
                  {tick.hint}
                </Form.Text>
              ) : null}
              <Form.Control.Feedback type="invalid" id={`import-${tick.name}-error`}>
                {error}
              </Form.Control.Feedback>
            </Form.Check>
          );
        })}
      </fieldset>
      <p className="small text-muted">{M.checkFirst}</p>
      {uploadPercent !== null ? (
        // react-bootstrap puts extra props on the track; the nested bar carries role="progressbar" and its name.
        <ProgressBar className="mb-3">
          <ProgressBar
            now={uploadPercent}
            label={`${uploadPercent}%`}
            aria-label={M.uploadProgress}
            variant={uploadPercent >= 100 ? 'success' : undefined}
          />
        </ProgressBar>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="brand" disabled={busy}>
          {busy ? <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          {M.check}
        </Button>
        <Button type="button" variant="outline-brand" disabled={busy} onClick={submit(false)}>
          {M.import}
        </Button>
      </div>
    </Form>
  );
}

function FileField({
  id,
  label,
  accept,
  registration,
  error,
}: {
  id: string;
  label: string;
  accept: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="file"
        accept={accept}
        {...registration}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
