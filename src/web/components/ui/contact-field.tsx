import { TextField, type TextFieldProps } from './text-field';

/** The shop's contact fields: labelled, typed and filled by the browser alike on every form that asks. */
const CONTACT = {
  name: { label: 'Name', autoComplete: 'name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  phone: { label: 'Phone', type: 'tel', autoComplete: 'tel' },
  address: { label: 'Address', autoComplete: 'street-address' },
  location: { label: 'Location', autoComplete: 'address-level2' },
} as const satisfies Record<string, { label: string; type?: string; autoComplete: string }>;

type ContactFieldProps = {
  kind: keyof typeof CONTACT;
  /** Whose contact it is, for the browser's autofill (checkout asks for the shipping address). */
  section?: 'shipping';
} & Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'>;

/** A name, email, phone, street address or location field. */
export function ContactField({ kind, section, ...props }: ContactFieldProps) {
  const { autoComplete, ...shown } = CONTACT[kind];
  return (
    <TextField {...shown} autoComplete={section ? `${section} ${autoComplete}` : autoComplete} {...props} />
  );
}

/** A password field, filled by the browser's password manager as what it is for. */
export function PasswordField({
  purpose,
  ...props
}: { purpose: 'new' | 'current' } & Omit<TextFieldProps, 'type' | 'autoComplete'>) {
  return <TextField type="password" autoComplete={`${purpose}-password`} {...props} />;
}
