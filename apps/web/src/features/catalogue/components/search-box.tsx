import { normalizeSearch, SEARCH_LIMITS, SEARCH_MSG, type Suggestion } from '@bagshop/shared/schemas/search';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useSearchSuggestionsQuery } from '../../../api/catalogue-api.ts';

/** Suggestions are asked once the shopper pauses this long. */
const PAUSE_MS = 200;

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** A suggestion chosen with the keyboard or the pointer. */
  onChoose: (suggestion: Suggestion) => void;
}

/**
 * The shop's search field with suggestions as the shopper types: an ARIA 1.2 combobox with a list box below it
 * (arrows move, Enter chooses, Escape closes; the count is read out). It renders the same on the server and in the
 * browser: the list only opens after the shopper types.
 */
export function SearchBox({ value, onChange, onChoose }: SearchBoxProps) {
  const listId = useId();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = normalizeSearch(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setTyped(q);
      setActive(-1);
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [q]);
  const asking = typed.length >= SEARCH_LIMITS.suggestFrom;
  const { currentData } = useSearchSuggestionsQuery(typed, { skip: !asking || !open });
  const suggestions = asking && typed === q ? (currentData?.suggestions ?? []) : [];
  const shown = open && suggestions.length > 0;

  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    setActive(-1);
    onChoose(suggestion);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!shown) {
        setOpen(true);
        return;
      }
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Past either end the field itself is active again.
      const next = active + step;
      setActive(next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next);
    } else if (event.key === 'Enter') {
      if (shown && active >= 0 && active < suggestions.length) {
        event.preventDefault();
        choose(suggestions[active]);
        return;
      }
      // The form searches what was typed; the list goes away.
      setOpen(false);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="search-box position-relative flex-grow-1">
      <Form.Control
        type="search"
        name="keyword"
        role="combobox"
        aria-label="Search products"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder="Search bags, brands…"
        value={value}
        maxLength={SEARCH_LIMITS.queryMax}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={SEARCH_MSG.suggestionsLabel}
        className="search-suggestions"
        hidden={!shown}
      >
        {shown &&
          suggestions.map((suggestion, index) => (
            <div
              key={`${suggestion.kind}:${suggestion.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Focus stays in the field (aria-activedescendant); an option is only focusable by script.
              tabIndex={-1}
              className={index === active ? 'active' : undefined}
              // Chosen before the field loses focus, which would close the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
            >
              <span>{suggestion.name}</span>
              {suggestion.kind === 'category' && (
                <span className="small text-muted ms-2">{SEARCH_MSG.suggestedCategory}</span>
              )}
            </div>
          ))}
      </div>
      <span className="visually-hidden" aria-live="polite">
        {shown ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}` : ''}
      </span>
    </div>
  );
}
