import { COLORS } from '@bagshop/shared/catalogue';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { ProductDto } from '@bagshop/shared/catalogue-types';
import { parcelFromSize } from '@bagshop/shared/parcel';
import { type ProductCreateInput, productCreateSchema, productUpdateSchema } from '@bagshop/shared/schemas/catalogue';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button, Col, Form, ProgressBar, Row, Spinner } from 'react-bootstrap';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import { RupeeInput } from '../../../components/rupee-input.tsx';
import { type ImageTile, ProductImages } from './product-images.tsx';

export type ProductValues = z.output<typeof productCreateSchema>;

export const PRODUCT_FIELDS = [
  'name',
  'description',
  'price',
  'offer',
  'category',
  'quantity',
  'brand',
  'color',
  'size',
  'sku',
  'weightGrams',
  'lengthCm',
  'breadthCm',
  'heightCm',
] as const;

/** The package's sides, each with its label (docs/decisions/038-parcel-sizes.md). */
const PARCEL_SIDES = [
  { field: 'lengthCm', id: 'product-length', label: 'Package length (cm)' },
  { field: 'breadthCm', id: 'product-breadth', label: 'Package breadth (cm)' },
  { field: 'heightCm', id: 'product-height', label: 'Package height (cm)' },
] as const;

const COLOR_OPTIONS = COLORS.map((color) => ({ value: color, label: color }));

export const EMPTY_PRODUCT: ProductCreateInput = {
  name: '',
  description: '',
  price: '',
  offer: '',
  category: '',
  quantity: '',
  brand: '',
  color: '' as ProductCreateInput['color'],
  size: '',
  sku: '',
  weightGrams: '',
  lengthCm: '',
  breadthCm: '',
  heightCm: '',
};

export function productFormValues(product: ProductDto): ProductCreateInput {
  return {
    name: product.name,
    description: product.description,
    price: String(product.price),
    offer: product.offer?._id ?? '',
    category: product.category._id,
    quantity: String(product.quantity),
    brand: product.brand,
    color: product.color,
    size: product.size,
    sku: product.sku ?? '',
    weightGrams: String(product.weightGrams),
    lengthCm: String(product.lengthCm),
    breadthCm: String(product.breadthCm),
    heightCm: String(product.heightCm),
  };
}

/** A thumbnail of the form: a saved image (its large URL is what the server keeps) or a new cropped one. */
type FormImage = (ImageTile & { saved: true; url: string }) | (ImageTile & { saved: false; blob: Blob });

export interface ProductImagesToSave {
  /** Saved image URLs in the chosen order (edit only). */
  existing: string[];
  files: Blob[];
}

interface ProductFormProps {
  /** The saved product on edit. */
  product?: ProductDto;
  categories: ReadonlyArray<{ value: string; label: string }>;
  offers: ReadonlyArray<{ value: string; label: string }>;
  submitLabel: string;
  /** Saves; answers the server's per-field messages (empty when saved or on other failures). */
  onSave: (
    values: ProductValues,
    images: ProductImagesToSave,
    onProgress: (percent: number | null) => void,
  ) => Promise<Record<string, string>>;
  /** Deletes a saved image on the server straight away (docs/product.md §4). */
  onDeleteSaved?: (url: string) => void;
}

let nextKey = 1;

function savedImages(product?: ProductDto): FormImage[] {
  if (!product) return [];
  return product.pdImage.map((url, i) => ({ key: url, url, src: product.thumbs[i] ?? url, saved: true }));
}

/**
 * docs/product.md §2 Add/Edit Product with the §5 messages under each field, images with cropping and upload progress.
 */
const IMAGES_TOAST_ID = 'product-images';

export function ProductForm({ product, categories, offers, submitLabel, onSave, onDeleteSaved }: ProductFormProps) {
  const editing = product !== undefined;
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProductCreateInput, unknown, ProductValues>({
    resolver: (editing ? zodResolver(productUpdateSchema) : zodResolver(productCreateSchema)) as Resolver<
      ProductCreateInput,
      unknown,
      ProductValues
    >,
    defaultValues: product ? productFormValues(product) : EMPTY_PRODUCT,
  });
  // Sides left empty are taken from the size when it reads as L x B x H: shown as the suggestion.
  const sizeSides = parcelFromSize(String(watch('size') ?? ''));
  const [images, setImages] = useState<FormImage[]>(() => savedImages(product));
  const [imageError, setImageError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const [askRemove, setAskRemove] = useState<number | null>(null);

  // Object URLs of new images live until they are dropped or the form closes.
  const imagesRef = useRef(images);
  useEffect(() => {
    imagesRef.current = images;
  }, [images]);
  useEffect(
    () => () => {
      for (const image of imagesRef.current) if (!image.saved) URL.revokeObjectURL(image.src);
    },
    [],
  );

  function addImage(blob: Blob) {
    setImages((current) => [
      ...current,
      { key: `new-${nextKey++}`, src: URL.createObjectURL(blob), blob, saved: false },
    ]);
    setImageError(undefined);
    // The toast that asked for a picture is answered: it goes, rather than stay until it times out.
    toast.dismiss(IMAGES_TOAST_ID);
  }

  function moveImage(index: number, direction: -1 | 1) {
    setImages((current) => {
      const next = [...current];
      [next[index], next[index + direction]] = [next[index + direction], next[index]];
      return next;
    });
  }

  function removeImage(index: number) {
    const image = images[index];
    if (!image) return;
    if (image.saved && askRemove === null) {
      // A saved image is deleted on the server at once, so ask first.
      setAskRemove(index);
      return;
    }
    setAskRemove(null);
    setImages((current) => current.filter((i) => i.key !== image.key));
    if (image.saved) onDeleteSaved?.(image.url);
    else URL.revokeObjectURL(image.src);
  }

  const submit = handleSubmit(async (values) => {
    if (images.length === 0) return;
    const fields = await onSave(
      values,
      {
        existing: images.flatMap((i) => (i.saved ? [i.url] : [])),
        files: images.flatMap((i) => (i.saved ? [] : [i.blob])),
      },
      setProgress,
    );
    setProgress(null);
    for (const field of PRODUCT_FIELDS) {
      if (fields[field]) setError(field, { message: fields[field] });
    }
    if (fields.pdImage) setImageError(fields.pdImage);
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The images are checked together with the fields so every problem shows at once.
    if (images.length === 0) {
      setImageError(CATALOGUE_MSG.imageUploadRequired);
      toast.error(CATALOGUE_MSG.imageRequired, { toastId: IMAGES_TOAST_ID });
    }
    return submit(event);
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Product">
      <Row className="g-0 g-sm-3">
        <Col sm={6}>
          <TextField id="product-name" label="Name" registration={register('name')} error={errors.name?.message} />
        </Col>
        <Col sm={6}>
          <TextField id="product-brand" label="Brand" registration={register('brand')} error={errors.brand?.message} />
        </Col>
      </Row>
      <TextField
        id="product-description"
        label="Description"
        rows={3}
        registration={register('description')}
        error={errors.description?.message}
      />
      <Row className="g-0 g-sm-3">
        <Col sm={6}>
          <RupeeInput id="product-price" label="Price" {...register('price')} error={errors.price?.message} />
        </Col>
        <Col sm={6}>
          <TextField
            id="product-quantity"
            label="Quantity"
            inputMode="numeric"
            registration={register('quantity')}
            error={errors.quantity?.message}
            hint={
              editing
                ? 'Units in stock; 0 marks it out of stock. A new number is kept in the stock ledger as a count.'
                : 'Units in stock.'
            }
          />
        </Col>
      </Row>
      <Row className="g-0 g-sm-3">
        <Col sm={6}>
          <SelectField
            id="product-category"
            label="Category"
            placeholder="Select category"
            options={categories}
            registration={register('category')}
            error={errors.category?.message}
          />
        </Col>
        <Col sm={6}>
          <SelectField
            id="product-offer"
            label="Offer"
            placeholder="None"
            options={offers}
            registration={register('offer')}
            error={errors.offer?.message}
          />
        </Col>
      </Row>
      <Row className="g-0 g-sm-3">
        <Col sm={6}>
          <SelectField
            id="product-color"
            label="Color"
            placeholder="Select color"
            options={COLOR_OPTIONS}
            registration={register('color')}
            error={errors.color?.message}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id="product-size"
            label="Size"
            placeholder="30Lx12Bx40Hcm"
            registration={register('size')}
            error={errors.size?.message}
            hint="Length x breadth x height in cm, e.g. 30Lx12Bx40Hcm"
          />
        </Col>
      </Row>
      <Row className="g-0 g-sm-3">
        <Col sm={6}>
          <TextField
            id="product-sku"
            label="SKU"
            autoComplete="off"
            registration={register('sku')}
            error={errors.sku?.message}
            hint="Optional: your own code for the bag, unique in the shop."
          />
        </Col>
        <Col sm={6}>
          <TextField
            id="product-weight"
            label="Weight (grams)"
            inputMode="numeric"
            registration={register('weightGrams')}
            error={errors.weightGrams?.message}
            hint={editing ? 'Packed, for the courier.' : "Packed, for the courier; empty: the shop's default."}
          />
        </Col>
      </Row>
      <fieldset aria-describedby={editing ? undefined : 'product-parcel-hint'}>
        <legend className="visually-hidden">Package</legend>
        <Row className="g-0 g-sm-3">
          {PARCEL_SIDES.map((side) => (
            <Col sm={4} key={side.field}>
              <TextField
                id={side.id}
                label={side.label}
                inputMode="numeric"
                placeholder={sizeSides ? String(sizeSides[side.field]) : undefined}
                registration={register(side.field)}
                error={errors[side.field]?.message}
              />
            </Col>
          ))}
        </Row>
        {editing ? null : (
          <p className="form-text mb-3" id="product-parcel-hint">
            {sizeSides
              ? `Empty sides are taken from the size: ${sizeSides.lengthCm} x ${sizeSides.breadthCm} x ${sizeSides.heightCm} cm.`
              : "Empty sides are taken from the size, or the shop's default package."}
          </p>
        )}
      </fieldset>
      <ProductImages
        tiles={images}
        error={imageError}
        disabled={isSubmitting}
        onAdd={addImage}
        onMove={moveImage}
        onRemove={removeImage}
      />
      {isSubmitting && progress !== null ? (
        // react-bootstrap puts extra props on the track; the nested bar carries role="progressbar" and its name.
        <ProgressBar className="mb-3">
          <ProgressBar
            now={progress}
            label={`${progress}%`}
            aria-label="Upload progress"
            variant={progress >= 100 ? 'success' : undefined}
          />
        </ProgressBar>
      ) : null}
      <Button type="submit" variant="brand" className="w-100 mt-2" disabled={isSubmitting}>
        {isSubmitting ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
      <ConfirmDialog
        show={askRemove !== null}
        onCancel={() => setAskRemove(null)}
        onConfirm={() => askRemove !== null && removeImage(askRemove)}
      >
        This saved image is deleted from the product now.
      </ConfirmDialog>
    </Form>
  );
}
