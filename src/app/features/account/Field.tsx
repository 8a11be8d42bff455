import { useId, type InputHTMLAttributes } from 'react';

/** A labelled text input of the account forms (the label gives the accessible name). */
export function Field({
  label,
  ...input
}: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const id = useId();
  return (
    <div className="acc-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
}
