import { landingPathFor } from '@airlink/domain';
import { Link as RouterLink } from 'react-router';
import { ShellIcon } from '../../components/ui/shell-icon';
import { useSession } from '../../lib/session-context';

/** 'Sin acceso': the level does not reach the page (also when it was typed in the address bar). Plain CSS. */
export function NoAccessPage() {
  const { level, logout } = useSession();
  const landing = landingPathFor(level);
  return (
    <div className="sh-card-wrap">
      <div className="sh-card">
        <ShellIcon name="Block" />
        <h1>Sin acceso</h1>
        <p>
          {landing
            ? `Tu nivel de acceso (Nivel ${level}) no permite ver esta página. Si la necesitas, pide a un administrador que revise tu nivel.`
            : `Tu nivel de acceso (Nivel ${level}) no permite ver ninguna página del sistema. Pide a un administrador que revise tu nivel.`}
        </p>
        {landing ? (
          <RouterLink className="sh-button" to={landing}>
            Volver a mi página de inicio
          </RouterLink>
        ) : (
          <button type="button" className="sh-button" onClick={() => void logout()}>
            Cerrar sesión
          </button>
        )}
      </div>
    </div>
  );
}
