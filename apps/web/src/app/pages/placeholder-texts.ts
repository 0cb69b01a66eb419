/**
 * What each page not built yet will hold, shown on its 'En construcción' card. Keys are
 * PageDef.key values of @airlink/domain PAGES.
 */
export const PLACEHOLDER_TEXTS: Readonly<Record<string, string>> = {
  clientes:
    'Lista de clientes con búsqueda y paginación, botón «Crear Nuevo Cliente» y acceso al panel de cada cliente.',
  soporte: 'Centro de soporte: tickets con prioridad y estado, seguimiento por cliente y contadores.',
  agenda: 'Calendario semanal de visitas técnicas de 09:00 a 20:00 en bloques de 30 minutos, sin domingos.',
  profile:
    'Panel del cliente: contratos, pagos y recibos, tickets de soporte, registros, visitas y estadísticas de su equipo.',
  administracion:
    'Configuración del sistema: cuentas de pago, categorías de gastos y datos de la empresa para recibos y contratos.',
  empleados: 'Empleados con su puesto y estado, asistencias (faltas, permisos, incapacidades) y vacaciones.',
  devices: 'Dispositivos de la red (radios de clientes y equipos de sitio) con su estado y estadísticas.',
  sites: 'Sitios (torres) de la red con su ubicación, equipos y acceso.',
  routers: 'Routers MikroTik: configuración, clientes PPPoE, IPs de clientes y tráfico.',
  finanzas: 'Reporte financiero: ingresos por oficina (Tizayuca, Pachuca) y banco, gastos y saldos por periodo.',
  gastos: 'Registro de gastos por categoría, con fecha programada de pago y estado (Pendiente, Pagado, Atrasado).',
  caja: 'Corte de caja por oficina y día, estados de cuenta bancarios y depósitos pendientes.',
  'api-keys': 'Gestión de API Keys: creación, regeneración, activación y perfil de permisos de cada llave.',
  'whatsapp-conversaciones':
    'Conversaciones de WhatsApp por departamento, con historial de mensajes y actualización automática.',
  'whatsapp-pruebas': 'Panel de pruebas de WhatsApp: estado de la instancia, conexión, grupos y envío de mensajes.',
};
