/**
 * A local fake of the DingTalk endpoints the sign-in uses (test only; shapes as in dingtalk-client.ts):
 * `GET /gettoken`, `POST /topapi/v2/user/getuserinfo`, `POST /topapi/v2/user/get`,
 * `POST /v1.0/oauth2/userAccessToken`, `GET /v1.0/contact/users/me`. Auth codes are single use,
 * app tokens can be expired on demand, wrong app credentials and unknown codes answer DingTalk's
 * error shapes (errcode/errmsg on the old API, HTTP 400 {code, message, requestid} on the new one).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** A person of a corp as DingTalk knows them. */
export interface FakePerson {
  userid: string;
  unionid: string;
  name: string;
  mobile: string;
  avatar: string;
  stateCode?: string;
}

export interface FakeDingTalk {
  url: string;
  appKey: string;
  appSecret: string;
  /** Issue an in-app auth code for a person (single use). */
  inAppCode: (person: FakePerson) => string;
  /** Issue an OAuth2 auth code for a person choosing a corp ('' = none) (single use). */
  oauthCode: (person: FakePerson, corpId: string) => string;
  /** Make every issued app token expired (DingTalk answers 42001 for it). */
  expireTokens: () => void;
  /** Calls received, by path. */
  calls: Map<string, number>;
  /** Answer `errcode` for the next getuserinfo call (e.g. 88 / -1). */
  failNextUserInfo: (answer: Record<string, unknown>) => void;
  close: () => Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Start the fake on a free port of 127.0.0.1. */
export async function startFakeDingTalk(): Promise<FakeDingTalk> {
  const appKey = 'dingfakeappkey';
  const appSecret = 'fake-app-secret-0123456789';
  const tokens = new Map<string, { expired: boolean }>();
  const inApp = new Map<string, FakePerson>();
  const oauth = new Map<string, { person: FakePerson; corpId: string }>();
  const userTokens = new Map<string, FakePerson>();
  const people = new Map<string, FakePerson>();
  const calls = new Map<string, number>();
  let seq = 0;
  let nextUserInfoFailure: Record<string, unknown> | null = null;

  const tokenError = (t: string | null) => {
    const known = t ? tokens.get(t) : undefined;
    if (!known) return { errcode: 40014, errmsg: '不合法的access_token' };
    if (known.expired) return { errcode: 42001, errmsg: 'access_token超时' };
    return null;
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      calls.set(url.pathname, (calls.get(url.pathname) ?? 0) + 1);
      if (req.method === 'GET' && url.pathname === '/gettoken') {
        if (url.searchParams.get('appkey') !== appKey || url.searchParams.get('appsecret') !== appSecret)
          return json(res, 200, { errcode: 40089, errmsg: '不合法的corpid或corpsecret' });
        const token = `apptok-${++seq}`;
        tokens.set(token, { expired: false });
        return json(res, 200, { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
      }
      if (req.method === 'POST' && url.pathname === '/topapi/v2/user/getuserinfo') {
        const body = await readJson(req);
        const bad = tokenError(url.searchParams.get('access_token'));
        if (bad) return json(res, 200, bad);
        if (nextUserInfoFailure) {
          const answer = nextUserInfoFailure;
          nextUserInfoFailure = null;
          return json(res, 200, answer);
        }
        const person = inApp.get(String(body.code));
        inApp.delete(String(body.code));
        if (!person) return json(res, 200, { errcode: 40078, errmsg: '不存在的临时授权码' });
        return json(res, 200, {
          errcode: 0,
          errmsg: 'ok',
          result: {
            userid: person.userid,
            unionid: person.unionid,
            name: person.name,
            sys: false,
            sys_level: 0,
          },
          request_id: 'req',
        });
      }
      if (req.method === 'POST' && url.pathname === '/topapi/v2/user/get') {
        const body = await readJson(req);
        const bad = tokenError(url.searchParams.get('access_token'));
        if (bad) return json(res, 200, bad);
        const person = people.get(String(body.userid));
        if (!person) return json(res, 200, { errcode: 60121, errmsg: '找不到该用户' });
        return json(res, 200, {
          errcode: 0,
          errmsg: 'ok',
          result: {
            userid: person.userid,
            unionid: person.unionid,
            name: person.name,
            avatar: person.avatar,
            mobile: person.mobile,
            state_code: person.stateCode ?? '86',
            active: true,
          },
          request_id: 'req',
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1.0/oauth2/userAccessToken') {
        const body = await readJson(req);
        if (body.clientId !== appKey || body.clientSecret !== appSecret)
          return json(res, 400, { code: 'invalidClientSecret', message: '应用凭证错误', requestid: 'r' });
        const grant = oauth.get(String(body.code));
        oauth.delete(String(body.code));
        if (!grant || body.grantType !== 'authorization_code')
          return json(res, 400, { code: 'invalidAuthCode', message: '不合法的临时授权码', requestid: 'r' });
        const accessToken = `usertok-${++seq}`;
        userTokens.set(accessToken, grant.person);
        return json(res, 200, {
          accessToken,
          refreshToken: `refresh-${seq}`,
          expireIn: 7200,
          ...(grant.corpId ? { corpId: grant.corpId } : {}),
        });
      }
      if (req.method === 'GET' && url.pathname === '/v1.0/contact/users/me') {
        const person = userTokens.get(String(req.headers['x-acs-dingtalk-access-token']));
        if (!person)
          return json(res, 400, {
            code: 'InvalidAuthentication',
            message: '不合法的access_token',
            requestid: 'r',
          });
        return json(res, 200, {
          nick: person.name,
          avatarUrl: person.avatar,
          mobile: person.mobile,
          openId: `open-${person.unionid}`,
          unionId: person.unionid,
          stateCode: person.stateCode ?? '86',
        });
      }
      return json(res, 404, { errcode: 404, errmsg: '请求的URI地址不存在' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    appKey,
    appSecret,
    inAppCode(person) {
      people.set(person.userid, person);
      const code = `inapp-${++seq}`;
      inApp.set(code, person);
      return code;
    },
    oauthCode(person, corpId) {
      const code = `oauth-${++seq}`;
      oauth.set(code, { person, corpId });
      return code;
    },
    expireTokens() {
      for (const t of tokens.values()) t.expired = true;
    },
    calls,
    failNextUserInfo(answer) {
      nextUserInfoFailure = answer;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
