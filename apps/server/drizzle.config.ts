import { defineConfig } from 'drizzle-kit';

/** drizzle-kit: generate SQL migrations from the schema (`npm run db:generate -w apps/server`). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
});
