/** The bar shown while a page's code loads (plain CSS, app/shell.css: it is part of the first screen). */
export function PageProgress({ label = 'Cargando página' }: { label?: string }) {
  return <div className="sh-progress" role="progressbar" aria-label={label} />;
}
