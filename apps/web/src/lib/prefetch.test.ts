/** lib/prefetch.ts: one download per URL and page, handed to the first taker only. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetch, takePrefetched } from './prefetch.ts';

describe('prefetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts one download per URL, even after it was taken, and hands it over once', async () => {
    const fetchMock = vi.fn(async () => new Response('bytes'));
    vi.stubGlobal('fetch', fetchMock);
    prefetch('/model.frag');
    prefetch('/model.frag');
    const taken = takePrefetched('/model.frag');
    expect(await (await taken!).text()).toBe('bytes');
    expect(takePrefetched('/model.frag')).toBeNull();
    prefetch('/model.frag'); // the share boot and the preview overlay both ask: still one download
    expect(takePrefetched('/model.frag')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('answers null for a URL never prefetched', () => {
    expect(takePrefetched('/other.glb')).toBeNull();
  });
});
