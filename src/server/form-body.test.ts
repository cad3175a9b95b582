import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errors.js';
import { FORM_TYPE, isFormPost, registerFormBody } from './form-body.js';

describe('the one form parser (HTTP-2)', async () => {
  const app = Fastify();
  app.setErrorHandler(errorHandler);
  await registerFormBody(app);
  // Two scopes, as features register their routes: both read forms through the root's parser.
  for (const name of ['a', 'b']) {
    await app.register(async (scope) => {
      scope.post(`/${name}`, { bodyLimit: 64 }, async (req) => ({
        body: req.body as unknown,
        form: isFormPost(req),
      }));
    });
  }
  afterAll(() => app.close());

  const post = (url: string, payload: string, type = FORM_TYPE) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });

  it('gives every scope the fields as strings, the last of a repeated name winning', async () => {
    for (const url of ['/a', '/b']) {
      const res = await post(url, 'name=Asha+R&x=1&x=2&note=%E2%82%B9');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ body: { name: 'Asha R', x: '2', note: '₹' }, form: true });
    }
  });

  it('caps a form with its route’s bodyLimit, answered in the one error shape', async () => {
    const res = await post('/a', `text=${'x'.repeat(100)}`);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: expect.any(String) });
  });

  it('tells a JSON call from a form post', async () => {
    const res = await post('/a', '{"a":1}', 'application/json');
    expect(res.json()).toEqual({ body: { a: 1 }, form: false });
  });
});
