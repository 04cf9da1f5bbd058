/**
 * `/docs`: the API reference an integrator clicks through, Swagger UI over the server's own
 * OpenAPI document, with "Try it out" (the key goes in "Authorize"). Served from the installed
 * swagger-ui-dist package, so it works on a shop's LAN and in CI with no CDN. Every address in
 * the page is relative, so the same page works behind a path prefix: the terminal's at
 * `{relay_url}/docs/` reads `{relay_url}/api/openapi.json`.
 */
import fastifyStatic from '@fastify/static';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerBase,
} from 'fastify';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const API_REFERENCE_PREFIX = '/docs';

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'];

const assetRoot = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export interface ApiReferenceOptions {
  title: string;
  /** The OpenAPI document's address relative to `/docs/`, e.g. `../api/openapi.json`. */
  documentUrl: string;
}

function page(o: ApiReferenceOptions): string {
  const title = o.title.replace(/[<>&"]/g, '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="favicon-32x32.png">
<link rel="stylesheet" href="swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="swagger-ui-bundle.js"></script>
<script src="init.js"></script>
</body>
</html>
`;
}

/**
 * The page's script. "Try it out" must call the server the page came from: the document's own
 * `servers` name the shop's LAN address or `{relay_url}` as examples, so the page puts this
 * server first (its address relative to the page keeps a prefix such as the relay's).
 */
function init(o: ApiReferenceOptions): string {
  return `fetch(${JSON.stringify(o.documentUrl)})
  .then((answer) => answer.json())
  .then((spec) => {
    const here = new URL('..', window.location.href).href.replace(/\\/$/, '');
    spec.servers = [{ url: here, description: 'This server (where this page came from)' }].concat(spec.servers || []);
    window.ui = SwaggerUIBundle({
      spec,
      dom_id: '#reference',
      deepLinking: true,
      tryItOutEnabled: true,
      persistAuthorization: true,
      // The base layout: the standalone one adds an "Explore" bar for typing a document's
      // address, which would stand empty (the page hands the document in) and invite nothing.
      presets: [SwaggerUIBundle.presets.apis],
      layout: 'BaseLayout',
    });
  });
`;
}

/**
 * Registers `/docs` (a redirect to `docs/`), `/docs/` (the page), `/docs/init.js` and the
 * assets. The caller keeps these paths public (no key): they hold the document, nothing of the
 * shop's.
 */
export function registerApiReference<Server extends RawServerBase, Logger extends FastifyBaseLogger>(
  app: FastifyInstance<
    Server,
    RawRequestDefaultExpression<Server>,
    RawReplyDefaultExpression<Server>,
    Logger
  >,
  o: ApiReferenceOptions,
): void {
  const html = page(o);
  const script = init(o);
  // Relative, so that a prefix in front of the server (the relay's) is kept.
  app.get(API_REFERENCE_PREFIX, (_request, reply) => reply.redirect('docs/', 302));
  app.get(`${API_REFERENCE_PREFIX}/`, (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
  app.get(`${API_REFERENCE_PREFIX}/init.js`, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(script),
  );
  void app.register(fastifyStatic, {
    root: assetRoot,
    prefix: `${API_REFERENCE_PREFIX}/`,
    index: false,
    allowedPath: (path) => ASSETS.includes(path.replace(/^\//, '')),
    maxAge: '1h',
  });
}

/** True for the paths registerApiReference serves. */
export function isApiReferencePath(path: string): boolean {
  return path === API_REFERENCE_PREFIX || path.startsWith(`${API_REFERENCE_PREFIX}/`);
}

/**
 * Who answers for the terminal's and the cloud's OpenAPI documents (their `info` shares it).
 * The repository carries no open-source licence: the APIs are the project's own, which SPDX
 * writes as a `LicenseRef-` of one's own naming.
 */
export const DOCUMENT_OWNER = {
  contact: { name: 'Fiscal POS maintainers' },
  license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
} as const;
