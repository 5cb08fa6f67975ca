import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useId } from 'react';
import { FieldError } from './field-error';

export type TextFieldProps = {
  label: string;
  error?: string;
  hint?: ReactNode;
  multiline?: boolean;
} & ComponentPropsWithRef<'input'> &
  Pick<ComponentPropsWithRef<'textarea'>, 'rows'>;

/** A labelled input (or textarea) whose error is tied to it for screen readers. */
export function TextField({
  label,
  error,
  hint,
  multiline,
  className = '',
  ref,
  rows,
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : hint ? hintId : undefined,
  };
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...shared}
          {...(inputProps as ComponentPropsWithRef<'textarea'>)}
          ref={ref as ComponentPropsWithRef<'textarea'>['ref']}
          rows={rows ?? 4}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        />
      ) : (
        <input
          {...shared}
          {...inputProps}
          ref={ref}
          className={`input w-full ${error ? 'input-error' : ''}`}
        />
      )}
      {hint && !error ? (
        <p id={hintId} className="text-xs opacity-80">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
