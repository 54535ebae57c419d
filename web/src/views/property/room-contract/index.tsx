import { CONTRACT_TYPE } from '@park/catalog';
import { ContractPage } from '../shared/ContractPage.tsx';

/** /property/room-contract: the room contracts (房间合同). */
export default function RoomContractPage() {
  return <ContractPage type={CONTRACT_TYPE.room} />;
}
