import { dropEarlyResponses, takeEarlyResponse } from '../../src/services/earlyResponses';

const URL_TEAM = 'http://localhost/api/v1/teams/t1';
const AUTH = 'Bearer token-a';

function askedEarly(url: string, response: Response | null, auth = AUTH) {
  window.__earlyData = { ...window.__earlyData, [url]: { auth, response: Promise.resolve(response) } };
}

const get = (url: string, auth = AUTH) => new Request(url, { headers: { Authorization: auth } });

afterEach(() => {
  dropEarlyResponses();
  jest.restoreAllMocks();
});

describe("index.html's early answers", () => {
  it('hands the answer to the first GET of the same URL and token, and to no later one', async () => {
    askedEarly(URL_TEAM, Response.json({ data: { name: 'Early' } }));
    const taken = takeEarlyResponse(get(URL_TEAM));
    expect(taken).toBeDefined();
    expect(await (await taken!).json()).toEqual({ data: { name: 'Early' } });
    expect(takeEarlyResponse(get(URL_TEAM))).toBeUndefined();
  });

  it('does not hand it to a request with another token, another method or another URL', () => {
    askedEarly(URL_TEAM, Response.json({}));
    expect(takeEarlyResponse(get(`${URL_TEAM}/x`))).toBeUndefined();
    expect(takeEarlyResponse(new Request(URL_TEAM, { method: 'PUT', headers: { Authorization: AUTH } }))).toBe(
      undefined,
    );
    askedEarly(URL_TEAM, Response.json({}));
    // Signed in as someone else since: the answer is dropped, not kept for a later request.
    expect(takeEarlyResponse(get(URL_TEAM, 'Bearer token-b'))).toBeUndefined();
    expect(takeEarlyResponse(get(URL_TEAM))).toBeUndefined();
  });

  it('asks again when the early request failed', async () => {
    askedEarly(URL_TEAM, null);
    const fetched = jest.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ data: 'fresh' }));
    const request = get(URL_TEAM);
    const response = await takeEarlyResponse(request)!;
    expect(fetched).toHaveBeenCalledWith(request);
    expect(await response.json()).toEqual({ data: 'fresh' });
  });

  it('keeps nothing the opening page did not take', () => {
    askedEarly(URL_TEAM, Response.json({}));
    dropEarlyResponses();
    expect(takeEarlyResponse(get(URL_TEAM))).toBeUndefined();
  });
});
