/** Communities served by AirLink around Tizayuca and Pachuca (demo data). */
export type Region = 'tizayuca' | 'pachuca';

export interface Community {
  comunidad: string;
  estado: string;
  cp: string;
  colonias: readonly string[];
  streets: readonly string[];
  /** Cash office where its customers usually pay. */
  region: Region;
  /** `sites.id` of the tower that covers it (also its `id_site`). */
  siteId: 1 | 2 | 3 | 8;
  /** Area code of the phones. */
  lada: string;
  /** Relative number of customers. */
  weight: number;
  /** Fraccionamientos number houses by manzana and lote. */
  lotes?: boolean;
}

const COMMON_STREETS = [
  'Benito Juárez',
  'Miguel Hidalgo',
  'Morelos',
  '5 de Mayo',
  'Ignacio Allende',
  'Vicente Guerrero',
  'Francisco I. Madero',
  'Emiliano Zapata',
  'Niños Héroes',
  'Independencia',
  'Reforma',
  'Aldama',
  'Matamoros',
  'Insurgentes',
  '16 de Septiembre',
  'Lázaro Cárdenas',
  'Venustiano Carranza',
  'Nicolás Bravo',
] as const;

export const COMMUNITIES: readonly Community[] = [
  {
    comunidad: 'Tizayuca',
    estado: 'Hidalgo',
    cp: '43800',
    region: 'tizayuca',
    siteId: 1,
    lada: '779',
    weight: 16,
    colonias: ['Centro', 'El Pedregal', 'La Nopalera', 'Las Plazas', 'San Sebastián'],
    streets: [...COMMON_STREETS, 'Av. Juárez Norte', 'Av. Juárez Sur', 'Calle Cuauhtémoc', 'Privada Las Flores'],
  },
  {
    comunidad: 'El Carmen',
    estado: 'Hidalgo',
    cp: '43815',
    region: 'tizayuca',
    siteId: 1,
    lada: '779',
    weight: 8,
    colonias: ['El Carmen', 'Ampliación El Carmen'],
    streets: [
      'Calle del Carmen',
      'Camino a Huitzila',
      'Calle Azucenas',
      'Calle Girasoles',
      'Calle Jazmín',
      ...COMMON_STREETS.slice(0, 6),
    ],
  },
  {
    comunidad: 'Huitzila',
    estado: 'Hidalgo',
    cp: '43820',
    region: 'tizayuca',
    siteId: 1,
    lada: '779',
    weight: 8,
    colonias: ['Huitzila', 'Barrio Alto', 'Barrio Bajo'],
    streets: [
      'Calle Principal',
      'Camino Real',
      'Calle del Panteón',
      'Calle de la Iglesia',
      ...COMMON_STREETS.slice(4, 12),
    ],
  },
  {
    comunidad: 'Olmos',
    estado: 'Hidalgo',
    cp: '43825',
    region: 'tizayuca',
    siteId: 1,
    lada: '779',
    weight: 6,
    colonias: ['Olmos', 'Los Olmos Segunda Sección'],
    streets: [
      'Calle Olmos',
      'Calle Fresnos',
      'Calle Álamos',
      'Calle Sauces',
      'Calle Cedros',
      ...COMMON_STREETS.slice(0, 4),
    ],
  },
  {
    comunidad: 'Tepojaco',
    estado: 'Hidalgo',
    cp: '43816',
    region: 'tizayuca',
    siteId: 1,
    lada: '779',
    weight: 6,
    colonias: ['Tepojaco', 'Barrio San Isidro'],
    streets: ['Calle Tepojaco', 'Calle San Isidro', 'Camino a Tizayuca', ...COMMON_STREETS.slice(8, 16)],
  },
  {
    comunidad: 'Emiliano Zapata',
    estado: 'Hidalgo',
    cp: '43822',
    region: 'tizayuca',
    siteId: 1,
    lada: '779',
    weight: 6,
    colonias: ['Emiliano Zapata', 'Ejido Emiliano Zapata'],
    streets: [
      'Calle Plan de Ayala',
      'Calle Agraristas',
      'Calle Revolución',
      'Calle Tierra y Libertad',
      ...COMMON_STREETS.slice(2, 8),
    ],
  },
  {
    comunidad: 'Haciendas de Tizayuca',
    estado: 'Hidalgo',
    cp: '43816',
    region: 'tizayuca',
    siteId: 1,
    lada: '779',
    weight: 12,
    lotes: true,
    colonias: [
      'Haciendas de Tizayuca',
      'Haciendas de Tizayuca Segunda Sección',
      'Haciendas de Tizayuca Tercera Sección',
    ],
    streets: [
      'Hacienda San Antonio',
      'Hacienda La Gavia',
      'Hacienda Tepa',
      'Hacienda Chimalpa',
      'Hacienda El Cristo',
      'Hacienda Los Reyes',
    ],
  },
  {
    comunidad: 'Rancho Don Antonio',
    estado: 'Hidalgo',
    cp: '43814',
    region: 'tizayuca',
    siteId: 1,
    lada: '779',
    weight: 7,
    lotes: true,
    colonias: ['Rancho Don Antonio', 'Privadas Don Antonio'],
    streets: [
      'Circuito Don Antonio',
      'Privada Los Encinos',
      'Privada Las Palmas',
      'Calle Rancho Viejo',
      'Calle Potrero',
    ],
  },
  {
    comunidad: 'Pachuca',
    estado: 'Hidalgo',
    cp: '42000',
    region: 'pachuca',
    siteId: 2,
    lada: '771',
    weight: 12,
    colonias: ['Centro', 'Periodistas', 'Morelos', 'Doctores', 'Real de Minas'],
    streets: [
      ...COMMON_STREETS,
      'Av. Revolución',
      'Calle Guerrero',
      'Calle Ocampo',
      'Calle Mina',
      'Calle Julián Villagrán',
    ],
  },
  {
    comunidad: 'Villas de Pachuca',
    estado: 'Hidalgo',
    cp: '42083',
    region: 'pachuca',
    siteId: 3,
    lada: '771',
    weight: 8,
    lotes: true,
    colonias: ['Villas de Pachuca', 'Villas de Pachuca Segunda Sección'],
    streets: [
      'Av. Villas de Pachuca',
      'Villa del Real',
      'Villa Hermosa',
      'Villa Esmeralda',
      'Villa Coral',
      'Villa Rica',
    ],
  },
  {
    comunidad: 'Zempoala',
    estado: 'Hidalgo',
    cp: '43830',
    region: 'pachuca',
    siteId: 8,
    lada: '743',
    weight: 7,
    colonias: ['Centro', 'Santa Matilde', 'Téllez', 'San Gabriel Azteca'],
    streets: ['Calle Acueducto', 'Calle del Convento', 'Camino a Téllez', ...COMMON_STREETS.slice(0, 8)],
  },
  {
    comunidad: 'Tolcayuca',
    estado: 'Hidalgo',
    cp: '43860',
    region: 'tizayuca',
    siteId: 3,
    lada: '779',
    weight: 5,
    colonias: ['Centro', 'San Javier', 'Zapotlán de Allende'],
    streets: [
      'Calle Tolcayuca',
      'Calle San Javier',
      'Carretera Federal México-Pachuca',
      ...COMMON_STREETS.slice(6, 12),
    ],
  },
  {
    comunidad: 'Temascalapa',
    estado: 'Estado de México',
    cp: '55980',
    region: 'tizayuca',
    siteId: 1,
    lada: '594',
    weight: 4,
    colonias: ['Centro', 'San Juan Teacalco', 'Santa Ana Tlachiahualpa'],
    streets: ['Calle Teacalco', 'Av. del Trabajo', 'Calle Tlachiahualpa', ...COMMON_STREETS.slice(10, 16)],
  },
];

export interface SiteInfo {
  id: 1 | 2 | 3 | 8;
  nombre: string;
  lat: number;
  lon: number;
  /** Short code used in SSIDs and host names. */
  code: string;
}

export const SITES: readonly SiteInfo[] = [
  { id: 1, nombre: 'Torre Tizayuca', lat: 19.8402, lon: -98.9811, code: 'TZ' },
  { id: 2, nombre: 'Torre Pachuca', lat: 20.1012, lon: -98.7499, code: 'PA' },
  { id: 3, nombre: 'Cerro El Tuzo', lat: 20.0598, lon: -98.7937, code: 'TU' },
  { id: 8, nombre: 'Torre Zempoala', lat: 19.9153, lon: -98.6691, code: 'ZE' },
];
