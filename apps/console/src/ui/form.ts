// Forms check their values with the cloud's own zod schema of the request body before sending
// (so a person sees the same rules the cloud applies, inline, in their language), and show the
// cloud's field errors the same way when it refuses anyway.
//
//   const form = useSchemaForm(SignInBody, { email: '', password: '' });
//   <form onSubmit={form.submit((body) => signIn.mutate(body))} noValidate>
//     <TextField label={t.auth.email} {...form.field('email')} />
//   ...and in the mutation's onError: form.showServerErrors(error)
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '../api/problem.js';
import { useT } from '../i18n/i18n.js';
import type { Messages } from '../i18n/messages.js';

/** A zod issue in the person's language (zod's own messages are English). */
function issueMessage(t: Messages, issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return Number(issue.minimum) <= 1
        ? t.validation.required
        : t.validation.tooShort(Number(issue.minimum));
    case 'too_big':
      return t.validation.tooLong(Number(issue.maximum));
    case 'invalid_format':
      return issue.format === 'email' ? t.validation.email : t.validation.invalid;
    case 'invalid_type':
      return t.validation.required;
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
    case 'unrecognized_keys':
    case 'custom':
      return t.validation.invalid;
  }
}

type Values<S extends z.ZodType> = { [K in keyof z.input<S>]: string };

export function useSchemaForm<S extends z.ZodType<object>>(schema: S, initial: Values<S>) {
  const t = useT();
  const [values, setValues] = useState<Values<S>>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values<S>, string>>>({});

  const field = <K extends keyof Values<S> & string>(name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = event.target.value;
      setValues((all) => ({ ...all, [name]: value }));
      setErrors((all) => ({ ...all, [name]: undefined }));
    },
  });

  /** Checks the values; calls `send` with the parsed body, or shows each field's error. */
  const submit = (send: (body: z.output<S>) => void) => (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      send(parsed.data);
      return;
    }
    const found: Partial<Record<keyof Values<S>, string>> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as keyof Values<S>;
      found[name] ??= issueMessage(t, issue);
    }
    setErrors(found);
    // The first field in error takes the focus, so a keyboard or screen reader user lands on it.
    const first = Object.keys(found)[0];
    if (first) document.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
  };

  /** Shows the cloud's field errors (a 400's `errors`); true when there were any. */
  const showServerErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    const fields = error.fieldErrors();
    if (Object.keys(fields).length === 0) return false;
    setErrors(fields as Partial<Record<keyof Values<S>, string>>);
    return true;
  };

  return { values, setValues, field, submit, showServerErrors, setErrors };
}
