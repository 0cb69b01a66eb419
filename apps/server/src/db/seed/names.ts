/** Mexican names for the demo customers and staff. */
export const MALE_NAMES = [
  'José', 'Juan', 'Luis', 'Carlos', 'Jorge', 'Miguel', 'Francisco', 'Alejandro', 'Fernando', 'Ricardo',
  'Roberto', 'Eduardo', 'Javier', 'Manuel', 'Raúl', 'Arturo', 'Sergio', 'Héctor', 'Daniel', 'Óscar',
  'Antonio', 'Pedro', 'Martín', 'Enrique', 'Gerardo', 'Alberto', 'Rubén', 'Iván', 'Omar', 'Hugo',
  'Ángel', 'Diego', 'Adrián', 'Rodrigo', 'Salvador', 'Ernesto', 'Gustavo', 'Armando', 'Víctor', 'Israel',
] as const;

export const FEMALE_NAMES = [
  'María', 'Guadalupe', 'Juana', 'Margarita', 'Verónica', 'Leticia', 'Rosa', 'Patricia', 'Elizabeth', 'Alejandra',
  'Gabriela', 'Adriana', 'Silvia', 'Claudia', 'Araceli', 'Lucía', 'Norma', 'Martha', 'Teresa', 'Laura',
  'Fernanda', 'Daniela', 'Mariana', 'Karla', 'Sandra', 'Yolanda', 'Mónica', 'Diana', 'Andrea', 'Beatriz',
  'Rocío', 'Brenda', 'Esmeralda', 'Ximena', 'Itzel', 'Paola', 'Cecilia', 'Josefina', 'Alma', 'Irma',
] as const;

export const SECOND_NAMES = ['Antonio', 'Luis', 'Ángel', 'Manuel', 'José', 'Alberto', 'Eduardo', 'de Jesús'] as const;
export const SECOND_FEMALE_NAMES = ['Guadalupe', 'del Carmen', 'Isabel', 'Fernanda', 'de los Ángeles', 'Elena'] as const;

export const SURNAMES = [
  'Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Cruz',
  'Flores', 'Gómez', 'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Díaz', 'Gutiérrez', 'Ruiz',
  'Mendoza', 'Aguilar', 'Ortiz', 'Moreno', 'Castillo', 'Romero', 'Álvarez', 'Méndez', 'Chávez', 'Rivera',
  'Juárez', 'Ramos', 'Domínguez', 'Herrera', 'Medina', 'Castro', 'Vargas', 'Guzmán', 'Velázquez', 'Muñoz',
  'Rojas', 'Contreras', 'Salazar', 'Luna', 'Ortega', 'Santiago', 'Guerrero', 'Bautista', 'Estrada', 'Cortés',
  'Olvera', 'Islas', 'Zúñiga', 'Trejo', 'Barrera', 'Escamilla', 'Monroy', 'Téllez', 'Zamora', 'Cervantes',
] as const;

/** Small businesses that take office and cybercafé plans. */
export const BUSINESS_NAMES = [
  'Papelería La Esperanza', 'Cibercafé El Rincón', 'Farmacia San Judas', 'Consultorio Dental Sonrisas',
  'Ferretería El Martillo', 'Abarrotes Don Chuy', 'Cibercafé Génesis', 'Estética Glamour', 'Taller Mecánico Hermanos Islas',
  'Despacho Contable Olvera', 'Tortillería La Guadalupana', 'Veterinaria Patitas', 'Café Internet Zona Gamer',
  'Refaccionaria El Tuzo', 'Escuela de Inglés Bright Kids', 'Notaría Pública 3', 'Panadería La Espiga',
  'Mueblería Hidalgo', 'Ópticas Visión Clara', 'Consultorio Médico Santa Fe', 'Cibercafé Byte', 'Gimnasio Fuerza Total',
] as const;

export const EMAIL_DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.mx', 'live.com.mx'] as const;
