import { Hint } from '../../components/ui/hint';
import { useHubState } from '../../lib/use-realtime';

/** Push-connection indicator: green when connected to the hub, red when not. */
export function ConnectionDot() {
  const connected = useHubState() === 'connected';
  const label = connected ? 'Conectado a notificaciones' : 'Sin conexión a notificaciones';
  return (
    <Hint title={label}>
      <span
        role="status"
        aria-label={label}
        tabIndex={0}
        className={connected ? 'sh-dot sh-dot-on' : 'sh-dot sh-dot-off'}
      />
    </Hint>
  );
}
