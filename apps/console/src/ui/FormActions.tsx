import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n.js';
import { Button, type ButtonVariant } from './Button.js';

/** A form's last row: its submit button, busy while it is sent, and Cancel when it can be left. */
export function FormActions({
  submit,
  busy,
  onCancel,
  variant = 'primary',
}: {
  submit: ReactNode;
  busy: boolean;
  onCancel?: () => void;
  variant?: ButtonVariant;
}) {
  const t = useT();
  return (
    <div className="ui-page-header__actions">
      <Button type="submit" variant={variant} busy={busy}>
        {submit}
      </Button>
      {onCancel && <Button onClick={onCancel}>{t.common.cancel}</Button>}
    </div>
  );
}
