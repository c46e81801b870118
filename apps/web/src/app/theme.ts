import {
  type CSSVariablesResolver,
  createTheme,
  Drawer,
  DrawerRoot,
  defaultVariantColorsResolver,
  Modal,
  ModalRoot,
  rem,
} from '@mantine/core';

/**
 * Pulso's Mantine theme. Shade 8 of every colour carries white text at WCAG AA
 * (blue 8 on white is 5.0:1; shade 6, Mantine's default, is 3.6:1).
 * Fonts: the system stack only (no web fonts: the CSP allows no external origin).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  // Mantine hovers a shade-9 filled button with shade 8, too light for its white text (teal 8 is
  // 3.9:1, red 8 4.0:1; WCAG 1.4.3): hover a darker mix of shade 9 instead.
  variantColorResolver: (input) => {
    const colors = defaultVariantColorsResolver(input);
    const shade9 = typeof input.color === 'string' ? /^([a-z]+)\.9$/.exec(input.color) : null;
    if (input.variant !== 'filled' || !shade9) return colors;
    return { ...colors, hover: `color-mix(in srgb, var(--mantine-color-${shade9[1]}-9) 80%, black)` };
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // react-remove-scroll locks scrolling with an injected <style>, which the CSP blocks;
    // global.css locks the page with `:has()` instead.
    // Both the compound (`Modal.Root`) and the plain (`Modal`) APIs.
    ModalRoot: ModalRoot.extend({ defaultProps: { lockScroll: false } }),
    DrawerRoot: DrawerRoot.extend({ defaultProps: { lockScroll: false } }),
    Modal: Modal.extend({
      defaultProps: { lockScroll: false, closeButtonProps: { 'aria-label': 'Fechar' } },
    }),
    Drawer: Drawer.extend({
      defaultProps: { lockScroll: false, closeButtonProps: { 'aria-label': 'Fechar' } },
    }),
  },
  headings: {
    sizes: {
      h1: { fontSize: rem(28), lineHeight: '1.25' },
      h2: { fontSize: rem(22), lineHeight: '1.3' },
    },
  },
});

/** Extra CSS variables: dimmed text (gray 7, 8.2:1) and error text dark enough for AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors: red 9 is 5.5:1 on white (Mantine's red 6 is 3.3:1).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
