import { type CategoryInput, categorySchema } from '@bagshop/shared/schemas/catalogue';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { CategoryValues } from '../../../api/admin-categories-api.ts';
import { SelectField, TextField } from '../../../components/form-field.tsx';

interface CategoryFormProps {
  defaultValues?: CategoryInput;
  offers: ReadonlyArray<{ value: string; label: string }>;
  submitLabel: string;
  /** Saves the category; answers the server's per-field messages (empty when saved or on other failures). */
  onSave: (values: CategoryValues) => Promise<Record<string, string>>;
}

/** docs/product.md §2 Add/Edit Category: name and offer ('None' or an offer for categories). */
export function CategoryForm({
  defaultValues = { name: '', offer: '' },
  offers,
  submitLabel,
  onSave,
}: CategoryFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CategoryInput, unknown, CategoryValues>({ resolver: zodResolver(categorySchema), defaultValues });

  const onSubmit = handleSubmit(async (values) => {
    const fields = await onSave(values);
    for (const field of ['name', 'offer'] as const) {
      if (fields[field]) setError(field, { message: fields[field] });
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Category">
      <TextField id="category-name" label="Name" registration={register('name')} error={errors.name?.message} />
      <SelectField
        id="category-offer"
        label="Offer"
        placeholder="None"
        options={offers}
        registration={register('offer')}
        error={errors.offer?.message}
        hint="Only offers for categories are listed."
      />
      <Button type="submit" variant="brand" className="w-100 mt-2" disabled={isSubmitting}>
        {isSubmitting ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
    </Form>
  );
}
