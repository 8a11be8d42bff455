import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

/**
 * A labelled text input of the account forms (the label gives the accessible name). `addon` sits at
 * the input's end on the same row (the bind screen's send-code button); `inputRef` reaches the input.
 */
export function Field({
  label,
  addon,
  inputRef,
  ...input
}: { label: string; addon?: ReactNode; inputRef?: Ref<HTMLInputElement> } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id'
>) {
  const id = useId();
  return (
    <div className="acc-field">
      <label htmlFor={id}>{label}</label>
      {addon ? (
        <div className="acc-field-row">
          <input id={id} ref={inputRef} {...input} />
          {addon}
        </div>
      ) : (
        <input id={id} ref={inputRef} {...input} />
      )}
    </div>
  );
}
