import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useId } from 'react';
import { FieldError } from './field-error';

type SelectFieldProps = {
  label: string;
  error?: string;
  children: ReactNode;
} & ComponentPropsWithRef<'select'>;

/** A labelled select whose error is tied to it for screen readers (the select twin of TextField). */
export function SelectField({ label, error, className = '', children, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...selectProps}
        className={`select w-full ${error ? 'select-error' : ''}`}
      >
        {children}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
