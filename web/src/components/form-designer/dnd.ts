import {
  type ClientRect,
  type CollisionDetection,
  closestCenter,
  pointerWithin,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import type { FormField, FormFieldType } from '@park/catalog/forms';
import { type ContainerId, childrenOf, containerType, isWithin, placeOf } from './fieldTree.ts';

/* How the canvas's drags land: what is under the pointer, and where in the form that puts the field. */

/** What a draggable carries: a kind from the palette, or a field of the canvas. */
export type DragData = { kind: 'palette'; type: FormFieldType } | { kind: 'field'; container: ContainerId };

/** What a droppable carries: a field of the canvas (drop beside it), or a container's area (drop at its end). */
export type DropData = { kind: 'field'; container: ContainerId } | { kind: 'container'; container: ContainerId };

/** The droppable id of a container's area (the form's own, a group's, a table's columns). */
export const containerDropId = (container: ContainerId) => `container:${container ?? 'form'}`;
export const paletteDragId = (type: FormFieldType) => `palette:${type}`;

const area = (rect: ClientRect | undefined) => (rect ? rect.width * rect.height : Number.POSITIVE_INFINITY);

/**
 * The innermost droppable under the pointer (a field in a group before the group's area, the area before the group
 * itself), leaving out the dragged field's own inside (a group cannot go into itself). A keyboard drag has no pointer:
 * the droppable nearest the moved field.
 */
export function innermostCollision(fields: () => readonly FormField[]): CollisionDetection {
  return (args) => {
    const active = String(args.active.id);
    const outside = args.droppableContainers.filter((droppable) => {
      const data = droppable.data.current as DropData | undefined;
      if (!data || active.startsWith('palette:')) return true;
      const target = data.kind === 'field' ? String(droppable.id) : data.container;
      return target === null || target === active || !isWithin(fields(), target, active);
    });
    const scoped = { ...args, droppableContainers: outside };
    if (!args.pointerCoordinates) return closestCenter(scoped);
    return pointerWithin(scoped).sort(
      (a, b) => area(args.droppableRects.get(a.id)) - area(args.droppableRects.get(b.id)),
    );
  };
}

export interface DropTarget {
  container: ContainerId;
  index: number;
}

/**
 * Where a drop puts the dragged field: on a container's area, at its end; on a field of the same container, in that
 * field's place (a sortable list's move); on a field elsewhere, before it or, past its middle, after it (sideways in a
 * table's row of columns).
 */
export function dropTarget(
  fields: readonly FormField[],
  drag: { id: UniqueIdentifier; data: DragData; rect: ClientRect | null },
  over: { id: UniqueIdentifier; data: DropData | undefined; rect: ClientRect },
): DropTarget | undefined {
  if (!over.data) return undefined;
  if (over.data.kind === 'container') {
    const { container } = over.data;
    return { container, index: childrenOf(fields, container).length };
  }
  const place = placeOf(fields, String(over.id));
  if (!place) return undefined;
  if (drag.data.kind === 'field' && drag.data.container === place.container) {
    return { container: place.container, index: place.index };
  }
  const sideways = containerType(fields, place.container) === 'table';
  const middle = sideways ? over.rect.left + over.rect.width / 2 : over.rect.top + over.rect.height / 2;
  const at = drag.rect ? (sideways ? drag.rect.left + drag.rect.width / 2 : drag.rect.top + drag.rect.height / 2) : 0;
  const after = drag.rect !== null && at > middle;
  return { container: place.container, index: place.index + (after ? 1 : 0) };
}
