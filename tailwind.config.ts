import type { Config } from 'tailwindcss'

/** The product's theme: primary teal, secondary orange, error red; its breakpoints. */
export default {
  content: ['./index.html', './pet-details.html', './src/**/*.{ts,tsx}'],
  theme: {
    screens: { xs: '0px', sm: '600px', md: '900px', lg: '1200px', xl: '1536px' },
    extend: {
      colors: {
        primary: {
          50: '#f0fdfa', 100: '#ccfbf1', 200: '#99f6e4', 300: '#5eead4', 400: '#2dd4bf',
          500: '#14b8a6', 600: '#0d9488', 700: '#0f766e', 800: '#115e59', 900: '#134e4a', DEFAULT: '#0f766e',
        },
        secondary: {
          50: '#fff7ed', 100: '#ffedd5', 200: '#fed7aa', 300: '#fdba74', 400: '#fb923c',
          500: '#f97316', 600: '#ea580c', 700: '#c2410c', 800: '#9a3412', 900: '#7c2d12', DEFAULT: '#ea580c',
        },
        error: { 50: '#fef2f2', 100: '#fee2e2', 500: '#ef4444', 600: '#dc2626', 700: '#b91c1c', DEFAULT: '#d32f2f' },
      },
      spacing: { topbar: '64px', drawer: '200px', content: '238px' },
      maxWidth: { modal: '900px' },
    },
  },
} satisfies Config
