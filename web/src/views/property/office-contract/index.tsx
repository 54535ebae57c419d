import { CONTRACT_TYPE } from '@park/catalog';
import { ContractPage } from '../shared/ContractPage.tsx';

/** /property/office-contract: the office contracts (办公室合同), saved through room-contract (spec part 7). */
export default function OfficeContractPage() {
  return <ContractPage type={CONTRACT_TYPE.office} />;
}
