import type { FormField } from '@park/catalog/forms';
import { type ContainerId, childrenOf, placeOf, updateField } from './fieldTree.ts';

/**
 * Skip logic is show-if (docs/decisions.md): "if Q3 is X, skip to Q7" is written as a show-if on every question
 * between Q3 and Q7 that holds while Q3 is not X. The designer's helper writes it; the renderer, the validator and
 * the server then need nothing of their own.
 */

/** The condition under which a question after `field` stays shown: `field` has not the answer `option`. */
export function skipCondition(field: FormField, option: string): string {
  const value = JSON.stringify(option);
  const several = field.type === 'checkbox' || (field.type === 'select' && field.multiple === true);
  // `in` is membership in a list (false for no answer); `!=` is true for no answer: either way, shown until chosen.
  return several ? `!(${value} in ${field.name})` : `${field.name} != ${value}`;
}

/** The fields one may skip to from a field: those after the next one in its container (the next is where it goes anyway). */
export function skipTargets(fields: readonly FormField[], id: string): FormField[] {
  const place = placeOf(fields, id);
  if (!place) return [];
  return childrenOf(fields, place.container).slice(place.index + 2);
}

/**
 * Writes "if `sourceId` is `option`, skip to `targetId`" (to the form's end with null): each field between them in
 * their container gets the condition, joined to a show-if it has with `&&`. Answers the tree and how many fields
 * were given it (one that already has it is left as it is).
 */
export function applySkip(
  fields: readonly FormField[],
  sourceId: string,
  option: string,
  targetId: string | null,
): { fields: FormField[]; count: number } {
  const place = placeOf(fields, sourceId);
  if (!place?.field.name) return { fields: [...fields], count: 0 };
  const container: ContainerId = place.container;
  const siblings = childrenOf(fields, container);
  const end = targetId === null ? siblings.length : siblings.findIndex((field) => field.id === targetId);
  if (end <= place.index) return { fields: [...fields], count: 0 };
  const condition = skipCondition(place.field, option);
  let tree = [...fields];
  let count = 0;
  for (const field of siblings.slice(place.index + 1, end)) {
    const now = field.showIf?.trim();
    if (now && (now === condition || now.endsWith(`&& ${condition}`))) continue;
    tree = updateField(tree, field.id, { showIf: now ? `(${now}) && ${condition}` : condition });
    count++;
  }
  return { fields: tree, count };
}
