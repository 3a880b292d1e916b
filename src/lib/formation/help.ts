/** What a first-time founder should know at each step, shown beside the form. */
import type { StepId } from '@/lib/formation/steps';

export const STEP_HELP: Record<StepId, { title: string; tips: string[] }> = {
  '01-nombra-tu-empresa': {
    title: 'Sobre el nombre',
    tips: [
      'La razón social aparece en tus boletas, facturas y contratos.',
      'No puede ser igual a la de otra empresa ya registrada.',
      'El nombre de fantasía es opcional y lo puedes usar en tu marca y tu tienda.',
    ],
  },
  '02-domicilios': {
    title: 'Sobre los domicilios',
    tips: [
      'El SII puede visitar el domicilio tributario para verificarlo.',
      'Si arriendas, necesitarás el contrato o una autorización del dueño.',
      'Una oficina virtual te da una dirección comercial sin arrendar una oficina.',
    ],
  },
  '03-giro': {
    title: 'Sobre el giro',
    tips: [
      'El giro define qué actividades puedes facturar.',
      'Puedes tener varias actividades del SII; elige la principal primero.',
      'Las actividades de segunda categoría son para profesionales independientes, no para sociedades.',
    ],
  },
  '04-capital': {
    title: 'Sobre el capital',
    tips: [
      'No hay un capital mínimo legal para estas sociedades.',
      'Los socios responden hasta el monto de su aporte.',
      'Un capital muy bajo puede restarte credibilidad ante bancos y proveedores.',
    ],
  },
  '05-administracion-y-acuerdos': {
    title: 'Sobre la administración',
    tips: [
      'Quien administra puede firmar contratos y abrir cuentas a nombre de la empresa.',
      'Los acuerdos especiales evitan conflictos entre socios más adelante.',
    ],
  },
  '06-explotar-giro': {
    title: 'Sobre ampliar el giro',
    tips: ['Permitir otros giros te da flexibilidad para crecer sin pasar de nuevo por notaría.'],
  },
  '07-individualizar': {
    title: 'Sobre los socios',
    tips: [
      'Usa los datos tal como aparecen en la cédula de identidad.',
      'El RUT se valida con su dígito verificador.',
      'Cada socio firmará con su Clave Única o ante notario.',
    ],
  },
  '05-individualizar': {
    title: 'Sobre el titular',
    tips: [
      'La EIRL pertenece a una sola persona natural.',
      'Usa los datos tal como aparecen en tu cédula de identidad.',
    ],
  },
  '08-participacion': {
    title: 'Sobre la participación',
    tips: [
      'La participación define cómo se reparten las utilidades y los votos.',
      'Las participaciones deben sumar exactamente 100 %.',
    ],
  },
};
