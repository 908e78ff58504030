import { useRef, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';

type TFilePickButtonProps = Omit<ButtonProps, 'onClick' | 'component' | 'children'> & {
  children: ReactNode;
  accept: string;
  /** What the file input is called for a screen reader (and a test's getByLabel). */
  inputLabel?: string;
  inputId?: string;
  inputTestId?: string;
  onPick: (file: File | null) => void;
};

/**
 * A button that opens the file picker. It is a real <button>, with the (hidden) file input beside it: a
 * `<Button component="label">` renders a <label role="button">, which axe refuses (aria-allowed-role). The input is
 * cleared after each pick, so choosing the same file again after removing it is seen.
 */
export const FilePickButton = ({ children, accept, inputLabel, inputId, inputTestId, onPick, ...button }: TFilePickButtonProps) => {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()}>{children}</Button>
      <input
        ref={input} id={inputId} hidden type="file" accept={accept} aria-label={inputLabel} data-testid={inputTestId}
        onChange={(e) => { onPick(e.target.files?.[0] ?? null); e.target.value = ''; }}
      />
    </>
  );
};
