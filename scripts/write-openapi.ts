// `npm run openapi:write [file]`: writes the document the service serves at /docs-json (default
// dist/openapi.json) without a database: the app is created in preview mode, which builds the module
// graph but starts no provider.
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../src/app.module';
import { buildApiDocument } from '../src/openapi/api-document';

async function main(): Promise<void> {
  const file = process.argv[2] ?? 'dist/openapi.json';
  const app = await NestFactory.create(AppModule, { preview: true, logger: false });
  writeFileSync(file, `${JSON.stringify(buildApiDocument(app), null, 2)}\n`);
  await app.close();
  console.error(`OpenAPI document written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
