import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { getHubState, onHubEvent, subscribeHubState, type HubConnectionState, type HubHandler } from './realtime';

/** The push-connection state; re-renders on every change (the navbar dot). */
export function useHubState(): HubConnectionState {
  return useSyncExternalStore(subscribeHubState, getHubState, getHubState);
}

/** Runs the latest handler for a server event while the component is mounted. */
export function useHubEvent(event: string, handler: HubHandler): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => onHubEvent(event, (...args) => onEvent(...args)), [event]);
}
