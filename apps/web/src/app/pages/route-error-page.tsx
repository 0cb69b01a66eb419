import { ShellIcon } from '../../components/ui/shell-icon';

/** A page's code could not be downloaded (connection lost, or a new version was installed meanwhile). */
function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError/i.test(
    message,
  );
}

/**
 * What a route shows when its page fails (route-error-boundary.tsx): a Spanish explanation and 'Recargar'. Inside
 * the dashboard the sidebar and navbar stay usable. Plain CSS: it may show before any page brought MUI.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const loadFailure = isLoadFailure(error);

  return (
    <div role="alert" className="sh-card-wrap">
      <div className="sh-card">
        <ShellIcon name="ErrorOutlineOutlined" />
        <h1>{loadFailure ? 'No se pudo cargar la página' : 'Algo salió mal en esta página'}</h1>
        <p>
          {loadFailure
            ? 'Revisa tu conexión a internet y vuelve a intentar. Si el sistema se acaba de actualizar, recargar trae la versión nueva.'
            : 'Recarga la página para seguir trabajando. Si vuelve a pasar, avisa al administrador del sistema.'}
        </p>
        <button type="button" className="sh-button" onClick={() => window.location.reload()}>
          Recargar
        </button>
      </div>
    </div>
  );
}
