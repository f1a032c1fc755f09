import accepts from '@fastify/accepts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefersOverJson } from './negotiation';

const TYPE = 'application/vnd.example.columns';
const app = Fastify();

beforeAll(async () => {
  await app.register(accepts);
  app.get('/', async (request) => ({ compact: prefersOverJson(request, TYPE) }));
});
afterAll(() => app.close());

const asks = async (accept?: string) =>
  (await app.inject({ url: '/', headers: accept === undefined ? {} : { accept } })).json().compact;

describe('prefersOverJson', () => {
  it('takes the named type when it ranks above JSON, or first among equals', async () => {
    expect(await asks(`${TYPE}, application/json;q=0.9`)).toBe(true);
    expect(await asks(`${TYPE}, application/json`)).toBe(true);
    expect(await asks(`${TYPE};q=0.5`)).toBe(true);
  });

  it('keeps JSON when the type is ranked lower, refused, or never named', async () => {
    expect(await asks(`application/json, ${TYPE};q=0.5`)).toBe(false);
    expect(await asks(`${TYPE};q=0, */*;q=0.1`)).toBe(false);
    expect(await asks('*/*')).toBe(false);
    expect(await asks('application/json')).toBe(false);
    expect(await asks()).toBe(false);
  });
});
