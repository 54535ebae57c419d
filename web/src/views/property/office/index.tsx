import { office } from '@park/catalog';
import UnitPage from '../shared/UnitPage.tsx';

/** /property/office (办公室): the offices with their vacancy and occupant. */
export default function OfficePage() {
  return <UnitPage entity={office} />;
}
