import { z } from 'zod';

export const openApiDocumentSchema = z
  .looseObject({ openapi: z.literal('3.1.0') })
  .meta({ id: 'OpenApiDocument', description: 'this document' });

export type OpenApiDocument = z.output<typeof openApiDocumentSchema>;
