import type { Lang } from '../lang.ts';

type Enum = Record<string, string>;

/** Every label of the page in one language. */
export interface Messages {
  lang: Lang;
  title: string;
  tabsLabel: string;
  tabs: { emergencia: string; saude: string; timeline: string };
  signIn: string;
  backHome: string;
  language: string;
  alertLabel: string;
  allergies: string;
  medications: string;
  noneInformed: string;
  notInformed: string;
  bloodType: string;
  contact: string;
  callContact: (name: string) => string;
  theContact: string;
  whatsappContact: (name: string) => string;
  /** The "Where" block (docs/code-alerts.md): the button, its states, the map link. */
  location: {
    share: (firstName: string) => string;
    explain: string;
    locating: string;
    shared: (firstName: string) => string;
    seeMap: string;
    denied: string;
    unavailable: string;
    retry: string;
  };
  callSamu: string;
  callBombeiros: string;
  photoOf: (name: string) => string;
  personal: string;
  sex: string;
  birth: string;
  patientPhone: string;
  donor: string;
  physical: string;
  weight: string;
  height: string;
  skin: string;
  eyes: string;
  marks: string;
  address: string;
  neighbourhood: string;
  complement: string;
  city: string;
  updated: (date: string) => string;
  age: (years: number) => string;
  sexo: Enum;
  relacao: Enum;
  doador: Enum;
  cor: Enum;
  olhos: Enum;
  saude: {
    info: string;
    problems: string;
    medicationsInUse: string;
    treatment: string;
    prostheses: string;
    sus: string;
    diseases: string;
    hospital: string;
    plan: string;
    planNumber: string;
    preferredHospital: string;
    doctor: string;
    doctorCrm: string;
    doctorSpecialty: string;
    other: string;
    additional: string;
  };
  denied: string;
  deniedGuest: string;
  loadingSaude: string;
  loadingTimeline: string;
  retry: string;
  errorTitle: string;
  /** The page of a code no profile has (a mistyped or misread code): say so, let it be typed again. */
  replaced: {
    title: string;
    text: string;
  };
  notFound: {
    title: string;
    text: (code: string) => string;
    label: string;
    hint: string;
    open: string;
  };
  timeline: {
    empty: string;
    count: (loaded: number, total: number) => string;
    more: string;
    close: string;
    tipos: Record<number, string>;
    fallbackTipo: string;
    tipo: string;
    date: string;
    value: string;
    doctor: string;
    painPlace: string;
    painLevel: string;
    description: string;
  };
}

/** '1 registro', '20 de 21 registros': a count line of the timeline, in a language's words. */
export const countWith = (one: string, many: string, of: string) => (loaded: number, total: number) => {
  const all = Math.max(total, loaded);
  const noun = all === 1 ? one : many;
  return loaded < all ? `${loaded} ${of} ${all} ${noun}` : `${all} ${noun}`;
};
