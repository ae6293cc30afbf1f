import type { Config } from 'tailwindcss'

/** The product's breakpoints and sizes; its colours are CSS variables in src/theme.css (light and dark). */
export default {
  content: ['./index.html', './pet-details.html', './src/**/*.{ts,tsx}'],
  theme: {
    screens: { xs: '0px', sm: '600px', md: '900px', lg: '1200px', xl: '1536px' },
    extend: {
      spacing: { topbar: '64px', drawer: '200px', content: '238px' },
      maxWidth: { modal: '900px' },
    },
  },
} satisfies Config
