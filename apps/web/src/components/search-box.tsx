import { Form, InputGroup } from 'react-bootstrap';
import { FiSearch } from 'react-icons/fi';

interface SearchBoxProps {
  id: string;
  /** Read to screen readers; the placeholder is only a hint. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/** A labelled search field that filters as the user types (submitting does nothing more). */
export function SearchBox({ id, label, placeholder, value, onChange, className }: SearchBoxProps) {
  return (
    <Form role="search" className={className} onSubmit={(e) => e.preventDefault()}>
      <Form.Label htmlFor={id} className="visually-hidden">
        {label}
      </Form.Label>
      <InputGroup>
        <InputGroup.Text>
          <FiSearch aria-hidden="true" />
        </InputGroup.Text>
        <Form.Control
          id={id}
          type="search"
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={100}
        />
      </InputGroup>
    </Form>
  );
}
