import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ALL_PARTS, browseHref } from '#shared/browse.ts';
import type { Suggestions } from '#shared/contracts/suggestions.ts';
import { laptopPagePath, productPagePath } from '#shared/pages.ts';
import { PartSearchField } from '#web/components/ui/part-search-field.tsx';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useSuggestions } from '../api/get-suggestions';

/** How long typing pauses before suggestions are asked for, and the fewest characters asked about. */
export const SUGGEST_DELAY_MS = 150;
const SUGGEST_FROM = 2;

interface Suggestion {
  label: string;
  href: string;
}

/** The suggestions as the box shows them: parts, categories, laptops, each group only when it has some. */
const groupsOf = (found: Suggestions) =>
  [
    {
      key: 'parts',
      label: 'Parts',
      options: found.parts.map((part) => ({ label: part.name, href: productPagePath(part._id) })),
    },
    {
      key: 'categories',
      label: 'Categories',
      options: found.categories.map((category) => ({
        label: category.name,
        href: browseHref({ ...ALL_PARTS, category: category.slug }),
      })),
    },
    {
      key: 'laptops',
      label: 'Laptops',
      options: found.laptops.map((laptop) => ({ label: laptop.name, href: laptopPagePath(laptop.slug) })),
    },
  ].filter((group) => group.options.length > 0);

/**
 * Search from every page: sends the shopper to /parts?q=… (a plain GET form, so it works before the
 * app has taken over a page too). On /parts the box shows the search on screen. While typing, it
 * offers parts, categories and laptop models (an ARIA 1.2 combobox: arrows move through them, Enter
 * opens the one chosen, Escape closes the list); Enter with none chosen searches as before.
 */
export function HeaderSearch({ onSearch }: { onSearch: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const shown = location.pathname === '/parts' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  useEffect(() => {
    const box = input.current;
    if (box && document.activeElement !== box) box.value = shown;
  }, [shown]);

  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const settled = useDebouncedValue(typed.trim(), SUGGEST_DELAY_MS);
  const asked = typed.trim().length >= SUGGEST_FROM && settled.length >= SUGGEST_FROM ? settled : '';
  const suggestions = useSuggestions(asked);
  const groups = asked && suggestions.data ? groupsOf(suggestions.data) : [];
  const options = groups.flatMap((group) => group.options);
  const expanded = open && options.length > 0;
  // The option chosen with the arrows, among the suggestions it was chosen from: new ones have none.
  const shownList = options.map((option) => option.href).join(' ');
  const [chosen, setChosen] = useState({ among: '', at: -1 });
  const active = expanded && chosen.among === shownList ? chosen.at : -1;
  const setActive = (at: number) => setChosen({ among: shownList, at });
  const listId = useId();
  const optionId = (at: number) => `${listId}-option-${at}`;
  useEffect(() => {
    if (active >= 0)
      document.getElementById(`${listId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (option: Suggestion) => {
    close();
    setTyped('');
    if (input.current) input.current.value = '';
    onSearch();
    navigate(option.href);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = (input.current?.value ?? '').trim();
    close();
    onSearch();
    navigate(q ? `/parts?${new URLSearchParams({ q })}` : '/parts');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      setOpen(true);
      setActive(
        active < 0
          ? down
            ? 0
            : options.length - 1
          : (active + (down ? 1 : -1) + options.length) % options.length,
      );
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(options[active]!);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only; a second Escape clears the box as a search box does.
      event.preventDefault();
      close();
    }
  };

  let index = 0;
  return (
    <search
      aria-label="Shop"
      className="relative order-last w-full pb-2 sm:order-none sm:w-56 sm:pb-0 xl:w-72"
    >
      <form action="/parts" method="get" onSubmit={submit}>
        <PartSearchField
          compact
          ref={input}
          defaultValue={shown}
          placeholder="Search parts"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
      </form>
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute right-0 top-full z-40 mt-1 max-h-[70vh] w-full overflow-y-auto rounded-box bg-base-100 py-1 shadow-lg sm:w-96"
      >
        {groups.map((group) => (
          // A group of options inside a listbox, as in the ARIA practices' grouped listbox (not a fieldset).
          // biome-ignore lint/a11y/useSemanticElements: a listbox's groups have no HTML element
          <div key={group.key} role="group" aria-labelledby={`${listId}-${group.key}`}>
            <div
              role="presentation"
              id={`${listId}-${group.key}`}
              className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide opacity-80"
            >
              {group.label}
            </div>
            {group.options.map((option) => {
              const at = index++;
              return (
                // Options are never focused: the keys are the input's (aria-activedescendant), the mouse clicks.
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys
                // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the combobox's input
                <div
                  key={option.href}
                  id={optionId(at)}
                  role="option"
                  aria-selected={at === active}
                  className={`cursor-pointer px-3 py-2 text-sm ${at === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
                  // Keeps the focus in the box, so that it does not close the list before the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                >
                  {option.label}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <span role="status" className="sr-only">
        {expanded ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}` : ''}
      </span>
    </search>
  );
}
