// A secret the cloud shows once (an API key, an activation code, a webhook signing secret, an
// invitation link): in a box to select or copy, with the warning that it will not come back.
import { useState } from 'react';
import { useT } from '../i18n/i18n.js';
import { Button } from './Button.js';

export function SecretBox({ label, value }: { label: string; value: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className="ui-secret">
      <p className="ui-secret__label">{label}</p>
      <p className="ui-secret__warning">{t.common.secretOnce}</p>
      <div className="ui-secret__row">
        <code className="ui-secret__value" tabIndex={0}>
          {value}
        </code>
        <Button onClick={copy} aria-live="polite">
          {copied ? t.common.copied : t.common.copy}
        </Button>
      </div>
    </div>
  );
}
