import { room } from '@park/catalog';
import UnitPage from '../shared/UnitPage.tsx';

/** /property/room (房间管理): the rooms with their vacancy and occupant. */
export default function RoomPage() {
  return <UnitPage entity={room} />;
}
