/**
 * Push-hub event sent to every connection after a change to a contract is committed (edit, authorize,
 * cut, reconnect, cancel), with or without a router: an open customer panel fetches the contract again.
 */
export const CONTRACT_CHANGED_EVENT = 'ContractChanged';
export interface ContractChangedEvent {
  id: number;
  version: number;
}
