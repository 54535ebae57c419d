import { useMutation } from '@tanstack/react-query';

/**
 * A form's save, run as a mutation: the request has already shown a failure (its toast), so the
 * rejection stays in the mutation instead of escaping into the page as an uncaught error, and the
 * form stays as it was for another try. `save.mutate(values)` from `onFinish`; `save.isPending`
 * spins the button.
 */
export function useSave<V, A = unknown>(submit: (values: V) => Promise<A>, onSaved: (answer: A, values: V) => void) {
  return useMutation({ mutationFn: submit, onSuccess: onSaved });
}
