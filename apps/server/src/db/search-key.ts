/**
 * Lower-case, accent-free text used to search names ("São Paulo" → "sao paulo"):
 * what every `busca` column holds (cities, doctors, clinics, timeline records;
 * written by the seed and by the services) and what a search term is reduced to
 * before it is matched against one.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
