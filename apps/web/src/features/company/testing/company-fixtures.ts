import type { Company } from '@airlink/domain';

/** Test data of the company area: the company printed on contracts and receipts. */
export const company: Company = {
  nombreComercial: 'AirLink',
  razonSocial: 'AirLink Telecomunicaciones S.A. de C.V.',
  rfc: 'ATE200101AB1',
  direccion: 'Av. Juárez 100, Centro, Tizayuca, Hidalgo, C.P. 43800',
  telefonos: ['779 796 1234', '771 555 0000'],
  whatsapp: '771 555 0001',
  email: 'contacto@airlink.mx',
  sitioWeb: 'airlink.mx',
  horario: 'lunes a sábado de 9:00 a 18:00',
  oficinas: [{ nombre: 'Oficina Aurrera', direccion: 'Tizayuca', telefono: '779 796 1234', idCuenta: 4 }],
  cuentasBancarias: [{ banco: 'Banamex', titular: 'AirLink Telecomunicaciones', clabe: '002290700000000000' }],
  leyendaRecibo: 'Gracias por su pago',
  logo: '',
};
