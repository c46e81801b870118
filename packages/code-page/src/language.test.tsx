import { fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fullView, guestView, maria } from './test/fixtures.ts';
import { closePage, openPage } from './test/page-harness.tsx';

afterEach(closePage);

describe('the page in the viewer language', () => {
  it('reads in English: labels, calls and ages; the patient words as written', async () => {
    await openPage(fullView(), { lang: 'en' });
    expect(screen.getByText('34 years old · Female')).not.toBeNull();
    expect(screen.getByText('Blood type').parentElement?.textContent).toBe('Blood typeO+');
    const strip = screen.getByRole('alert', { name: 'Allergies, medications and conditions' });
    expect(within(strip).getByText('Penicilina')).not.toBeNull();
    expect(screen.getByRole('region', { name: 'Emergency contact' }).textContent).toContain(
      'João Souza (Spouse)',
    );
    expect(screen.getByRole('link', { name: 'Call João Souza' }).getAttribute('href')).toBe(
      'tel:+5511912345678',
    );
    expect(screen.getByRole('link', { name: 'Call SAMU 192' })).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Call Fire Dept. 193' })).not.toBeNull();
    expect(screen.getByText('Date of birth', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'May 17, 1991',
    );
    expect(screen.getByText('Weight', { selector: 'dt' }).nextElementSibling?.textContent).toBe('68.5 kg');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Emergency',
      'Health',
      'Timeline',
    ]);
    expect(screen.getByRole('link', { name: 'Sign in' })).not.toBeNull();
  });

  it('reads in Spanish', async () => {
    await openPage(guestView(maria), { lang: 'es' });
    expect(screen.getByText('34 años · Femenino')).not.toBeNull();
    expect(screen.getByText('Grupo sanguíneo').parentElement?.textContent).toBe('Grupo sanguíneoO+');
    expect(screen.getByRole('link', { name: 'Llamar a João Souza' })).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Llamar Bomberos 193' })).not.toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Salud' }));
    expect(
      screen.getByText('No tiene permiso para ver la información de salud de este paciente.'),
    ).not.toBeNull();
  });

  it('changes with the switch, which the page, the address and the cookie follow', async () => {
    await openPage(guestView(maria));
    const switcher = screen.getByRole('navigation', { name: 'Idioma' });
    const current = within(switcher).getByRole('link', { name: 'PT – Português' });
    expect(current.getAttribute('aria-current')).toBe('true');
    const english = within(switcher).getByRole('link', { name: 'EN – English' });
    expect(english.getAttribute('href')).toBe('?lang=en');
    expect(english.getAttribute('lang')).toBe('en');
    fireEvent.click(english);
    expect(screen.getByText('Blood type')).not.toBeNull();
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Emergency data · Pulso');
    expect(window.location.search).toBe('?lang=en');
    expect(document.cookie).toContain('pulso_lang=en');
    fireEvent.click(screen.getByRole('tab', { name: 'Health' }));
    expect(window.location.search).toBe('?aba=saude&lang=en');
    fireEvent.click(within(switcher).getByRole('link', { name: 'ES – Español' }));
    expect(screen.getByRole('tab', { name: 'Salud', selected: true })).not.toBeNull();
    expect(window.location.search).toBe('?aba=saude&lang=es');
  });
});
