import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure functions, and React component tests `*.test.tsx` that run in jsdom through
 * their `@vitest-environment jsdom` line) and `integration` (real database, storage, converters).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/**/*.test.ts', 'apps/**/*.test.tsx', 'packages/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
          // A component test's first render compiles antd's styles in jsdom: seconds on a busy 2-core
          // machine, over vitest's default 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.int.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
