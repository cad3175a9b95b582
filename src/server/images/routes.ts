/**
 * Serves the photos the pipeline wrote (DATA-3, IMG-4: /imported-images/{name}; IMG-3 variants):
 * - GET /imported-images/:name   the normalised photo
 * - GET /imported-images/v/:file {stem}-{480|720|960|1600}.{avif|webp} and {stem}-og.jpg
 * A name is checked against a strict pattern before it is ever joined to a path (OWASP File Upload
 * Cheat Sheet); anything else, or a file that does not exist, is 404. Names are unique ids, so the
 * answers are cacheable for a year. Originals (paths.originals) are never served. The app's close
 * ends the image worker (WORK-4).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { VARIANT_FORMATS, VARIANT_WIDTHS } from '../../shared/photo-urls.js';
import { PHOTO_NAME_RE } from '../../shared/site-data.js';
import type { AppContext } from '../context.js';
import { notFound, type ApiError } from '../errors.js';
import { CONTENT_TYPES, normalisedFormat } from '../images/image-rules.js';
import { imageWorker } from './render-process.js';
import { securityHeaders } from '../html.js';

const VARIANT_RE = new RegExp(
  `^[A-Za-z0-9-]+-(?:(?:${VARIANT_WIDTHS.join('|')})\\.(${VARIANT_FORMATS.join('|')})|og\\.(jpg))$`,
);

const IMMUTABLE = 'public, max-age=31536000, immutable';

async function sendImage(
  reply: FastifyReply,
  file: string,
  contentType: string,
): Promise<FastifyReply> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    throw noSuchPhoto();
  }
  if (!stat.isFile()) throw noSuchPhoto();
  return reply
    .header('Content-Type', contentType)
    .header('Content-Length', stat.size)
    .header('Cache-Control', IMMUTABLE)
    .headers(securityHeaders())
    .send(fs.createReadStream(file));
}

/** 404 for a name that is not a stored photo's (answered by the app's error handler, no-store). */
function noSuchPhoto(): ApiError {
  return notFound('name', 'There is no such photo.');
}

export async function imageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // WORK-4: the image worker process ends with the app (it is started by the uploads it renders).
  app.addHook('onClose', () => imageWorker.close());
  app.get<{ Params: { name: string } }>('/imported-images/:name', async (req, reply) => {
    const { name } = req.params;
    if (!PHOTO_NAME_RE.test(name)) throw noSuchPhoto();
    return sendImage(
      reply,
      path.join(ctx.paths.images, name),
      CONTENT_TYPES[normalisedFormat(name)],
    );
  });

  app.get<{ Params: { file: string } }>('/imported-images/v/:file', async (req, reply) => {
    const { file } = req.params;
    const match = VARIANT_RE.exec(file);
    if (!match) throw noSuchPhoto();
    const format = match[1] === 'avif' || match[1] === 'webp' ? match[1] : 'jpeg';
    return sendImage(reply, path.join(ctx.paths.images, 'v', file), CONTENT_TYPES[format]);
  });
}
