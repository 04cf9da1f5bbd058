// An action on one item that a person confirms in a ConfirmDialog first (remove a user, delete a
// category, reset a PIN): which item the dialog is open for, and the mutation run on it. The
// dialog closes when the action ends either way; a failure is told in a toast.
//
//   const remove = useConfirmedAction(deleteIt, (_answer, item) => toast.success(...));
//   <Button onClick={() => remove.ask(item)}>…</Button>
//   <ConfirmDialog {...remove.dialog} title={remove.subject ? … : ''} confirmLabel={…} />
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from './Toasts.js';

export function useConfirmedAction<T, R>(
  run: (subject: T) => Promise<R>,
  onDone: (answer: R, subject: T) => unknown,
) {
  const toast = useToast();
  const [subject, setSubject] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: (answer, done) => {
      setSubject(null);
      return onDone(answer, done);
    },
    onError: (error) => {
      setSubject(null);
      toast.failure(error);
    },
  });
  return {
    /** The item the dialog is open for, null while it is closed. */
    subject,
    ask: (item: T) => setSubject(item),
    /** The ConfirmDialog's open, busy, onConfirm and onCancel. */
    dialog: {
      open: subject !== null,
      busy: mutation.isPending,
      onConfirm: () => {
        if (subject !== null) mutation.mutate(subject);
      },
      onCancel: () => setSubject(null),
    },
  };
}
