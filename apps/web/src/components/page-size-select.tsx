import { ADMIN_PAGE_SIZE_CHOICES, type AdminPageSize, isAdminPageSize } from '@bagshop/shared/schemas/admin-lists';
import { Form } from 'react-bootstrap';

interface PageSizeSelectProps {
  id: string;
  value: AdminPageSize;
  onChange: (size: AdminPageSize) => void;
}

/** Rows per page: 6, 25, 50 or 100. */
export function PageSizeSelect({ id, value, onChange }: PageSizeSelectProps) {
  return (
    <Form.Group controlId={id} className="d-flex align-items-center gap-2">
      <Form.Label className="mb-0 small text-nowrap">Rows per page</Form.Label>
      <Form.Select
        size="sm"
        className="page-size-select"
        value={value}
        onChange={(e) => {
          const size = Number(e.target.value);
          if (isAdminPageSize(size)) onChange(size);
        }}
      >
        {ADMIN_PAGE_SIZE_CHOICES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
