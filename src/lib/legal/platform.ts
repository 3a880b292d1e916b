/**
 * Impulsa's own terms and privacy policy (issue 48): Impulsa is the controller of its users' data
 * and the processor of every shop's buyers' data (Ley 19.628 as amended by Ley 21.719, in force from
 * 1 December 2026). Written plainly, in the `## ` heading format of the shops' legal pages, and
 * versioned: a person accepts the version shown when they create their account. Pure.
 */
import { chileDayEdge, formatDate } from '@/lib/dates';
import { prose } from '@/lib/prose';

/** The version in force: the day it took effect. A new text gets a new date. */
export const PLATFORM_LEGAL_VERSION = '2026-12-01';

/** The version as a person reads it: «1 de diciembre de 2026». */
export const PLATFORM_LEGAL_VERSION_LABEL = formatDate(
  chileDayEdge(PLATFORM_LEGAL_VERSION, 'start'),
);

/** Who is responsible for the platform and how to write to them. */
export const PLATFORM_CONTROLLER = {
  name: 'Impulsa SpA',
  rut: '77.418.203-9',
  address: 'Avenida Providencia 1208, oficina 702, Providencia, Región Metropolitana de Santiago',
  privacyEmail: 'privacidad@impulsa.cl',
  supportEmail: 'hola@impulsa.cl',
} as const;

export const PLATFORM_LEGAL_PATHS = { terms: '/terminos', privacy: '/privacidad' } as const;

/** Where a signed-in person who has not accepted the version in force is asked to. */
export const TERMS_ACCEPT_PATH = '/terminos/aceptar';

/** Whether an account must accept the terms before using the app: never accepted, or an older version. */
export const termsPending = (acceptedVersion: string | null) =>
  acceptedVersion !== PLATFORM_LEGAL_VERSION;

const who = prose`${PLATFORM_CONTROLLER.name}, RUT ${PLATFORM_CONTROLLER.rut}, con domicilio en
  ${PLATFORM_CONTROLLER.address}`;

/** Impulsa's terms of use. */
export function platformTerms(): string {
  return prose`Estos términos rigen el uso de Impulsa, el servicio de ${who}. Al crear tu cuenta
  aceptas esta versión, del ${PLATFORM_LEGAL_VERSION_LABEL}, y la política de privacidad.

## Qué es Impulsa
Impulsa te acompaña desde la idea hasta tu primera venta: el canvas de tu modelo de negocio, la
  solicitud para formar tu empresa, tu catálogo, tu tienda y tu sitio web, los cobros y las
  lecciones. Impulsa no es un estudio de abogados ni un contador: los estatutos y documentos que
  genera se basan en lo que tú escribes, y conviene que los revises antes de firmarlos.

## Tu cuenta
Usa datos verdaderos y cuida tu contraseña: lo que se haga con tu cuenta se entiende hecho por ti.
  Si crees que alguien más entró, cambia tu contraseña en «Mi perfil»; eso cierra las demás
  sesiones. Puedes dejar de usar Impulsa cuando quieras.

## Lo que publicas
Tus textos, fotos, productos y sitios son tuyos. Nos das permiso para guardarlos, mostrarlos y
  enviarlos donde tú lo pidas (tu tienda, tu sitio, tus correos), solo para prestarte el servicio.
  No publiques nada que no te pertenezca, que engañe a tus clientes o que la ley prohíba.

## Si vendes con Impulsa
Tú eres quien vende: tú fijas tus precios, tus despachos y tus políticas, y respondes ante tus
  clientes según la Ley 19.496 sobre Protección de los Derechos de los Consumidores. Impulsa te
  entrega páginas y plantillas pensadas para cumplirla, pero revisarlas y mantenerlas al día es tu
  responsabilidad. Los pagos con tarjeta los procesa el medio de pago que conectes (por ejemplo
  Webpay), con el contrato que firmes con él; Impulsa no recibe ese dinero.

## Los datos de tus clientes
Respecto de los datos de quienes te compran, tú eres el responsable y Impulsa es el encargado de su
  tratamiento (artículo 15 bis de la Ley 19.628). Impulsa los trata solo para operar tu tienda
  (pedidos, correos, despachos, cobros), siguiendo tus instrucciones, con medidas de seguridad y sin
  usarlos para fines propios. Al terminar el servicio los elimina o te los entrega, salvo lo que la
  ley obligue a conservar. La política de privacidad explica el resto.

## Disponibilidad y cambios
Trabajamos para que Impulsa esté siempre disponible y no pierda nada de lo que escribes, pero puede
  haber interrupciones. Si cambiamos estos términos publicaremos una nueva versión con su fecha y te
  la mostraremos antes de que sigas usando el servicio.

## Ley aplicable y contacto
Estos términos se rigen por las leyes de Chile. Si tienes una duda o un reclamo, escríbenos a
  ${PLATFORM_CONTROLLER.supportEmail}. Como consumidor también puedes acudir al Servicio Nacional
  del Consumidor (SERNAC).`;
}

/** Impulsa's privacy policy. */
export function platformPrivacy(): string {
  return prose`Esta política explica qué datos personales trata Impulsa, para qué y con qué derechos
  cuentas, según la Ley 19.628 sobre Protección de los Datos Personales, modificada por la Ley
  21.719. Versión del ${PLATFORM_LEGAL_VERSION_LABEL}.

## Quién es el responsable
${who}. Para cualquier asunto sobre tus datos escríbenos a ${PLATFORM_CONTROLLER.privacyEmail}.

## Qué datos tratamos y para qué
- Tu cuenta: nombre, correo, contraseña (guardada cifrada, nunca legible) y, si entras con Google,
  el identificador que Google nos entrega. Para crear y proteger tu cuenta; la base es el contrato
  que aceptas al registrarte.
- Lo que escribes: tu canvas, tus productos, tus sitios, tus políticas. Para guardarlo y mostrarlo
  donde tú lo pidas; base: el contrato.
- Los datos para formar tu empresa: nombre, RUT, nacionalidad, estado civil, profesión y domicilio
  tuyos y de tus socios. Para redactar los estatutos y tramitar la constitución; base: el contrato,
  y la obligación legal de identificar a los socios en la escritura. Si incluyes a otra persona,
  cuéntale que nos entregas sus datos y para qué.
- La seguridad: la dirección IP, el navegador y las horas de ingreso. Para detectar intentos de
  entrar a tu cuenta; base: nuestro interés legítimo en proteger el servicio.
- El uso de Impulsa: qué pantallas abres y qué pasos completas, medido con una herramienta de
  análisis (PostHog). Para saber qué mejorar; base: tu consentimiento, que pedimos antes de medir
  nada y que puedes retirar cuando quieras en «Preferencias de privacidad», al pie de cada página, o
  en «Mi perfil». Si no aceptas, la herramienta no se carga.

## Con quién los compartimos
Solo con quienes nos ayudan a prestar el servicio, como encargados con contrato: el proveedor de
  alojamiento y base de datos, el de envío de correos, el de análisis de uso, los medios de pago y
  de facturación electrónica que tú conectes, y la notaría o el Registro de Comercio cuando tramitas
  tu empresa. No vendemos datos personales.

## Cuánto tiempo los guardamos
Mientras tu cuenta exista. Si la eliminas, borramos tus datos personales, salvo lo que la ley
  tributaria obliga a conservar de tus ventas (seis años), que queda separado de tu nombre, y lo que
  el registro de una empresa ya constituida exige.

## Tus derechos
Tienes derecho de acceso, rectificación, supresión, oposición, portabilidad y bloqueo sobre tus
  datos (artículo 4 de la Ley 19.628). Puedes ejercerlos gratis:
- en «Mi perfil» puedes corregir tus datos;
- o escribiendo a ${PLATFORM_CONTROLLER.privacyEmail}, desde el correo de tu cuenta.
Te responderemos dentro de 15 días hábiles, prorrogables una vez por otros 15 si la solicitud lo
  requiere (artículo 11). Si no quedas conforme, puedes reclamar ante la Agencia de Protección de
  Datos Personales.

## Los datos de los clientes de cada tienda
Cuando alguien compra en una tienda hecha con Impulsa, la tienda es la responsable de sus datos e
  Impulsa es su encargado: los usamos solo para el pedido y según las instrucciones de la tienda.
  Para ejercer tus derechos como cliente escribe a la tienda; su política de privacidad indica cómo.

## Seguridad y vulneraciones
Ciframos las contraseñas y las credenciales de pago, usamos conexiones cifradas y limitamos quién
  puede ver cada dato. Si una vulneración de seguridad pudiera afectarte, lo informaremos a la
  Agencia y a ti sin demora, con lo que pasó y qué puedes hacer.

## Cambios
Si cambiamos esta política publicaremos una nueva versión con su fecha y te la mostraremos antes de
  que sigas usando Impulsa.`;
}
