import { DepotError } from '../src/domain/errors';
import { masked } from '../src/grpc/update-mask';

describe('masked', () => {
  const req = { name: 'Pack', new_slug: 'pack', url: undefined, hidden: undefined, notes: 'kept' };

  it('copies the masked fields alone, renamed, the unset ones as null', () => {
    const fields = { name: 'name', slug: { from: 'new_slug', to: 'slug' }, url: 'url', notes: 'notes' } as const;
    expect(masked(req, ['name', 'slug', 'url'], fields)).toEqual({ name: 'Pack', slug: 'pack', url: null });
  });

  it('ignores a mask name it does not know, inherited names included', () => {
    expect(masked(req, ['toString', 'hidden', 'name'], { name: 'prettyName' })).toEqual({ prettyName: 'Pack' });
  });

  it('refuses every masked field left unset that may not be, naming each', () => {
    const fields = {
      hidden: { to: 'hidden', unset: 'refuse' },
      url: { to: 'url', unset: 'refuse' },
      name: { to: 'name', unset: 'refuse' },
    } as const;
    let thrown: unknown;
    try {
      masked(req, ['hidden', 'url', 'name'], fields);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DepotError);
    expect((thrown as DepotError).details.fields).toEqual({
      hidden: ['The hidden field is required.'],
      url: ['The url field is required.'],
    });
  });

  it('names a field left unset without a value when the domain judges it', () => {
    const changes = masked(req, ['url'], { url: { to: 'url', unset: 'undefined' } });
    expect(changes).toEqual({ url: undefined });
    expect('url' in changes).toBe(true);
  });
});
