/**
 * The server-hosted sign-in and sign-up pages (spec 000 §4: "Sign-in is a browser redirect to the
 * server login"). Plain HTML forms so they work without the SPA; they post back to the same path.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type AuthPageOptions = { mode: 'login' | 'signup'; next: string; error?: string; email?: string; givenName?: string };

export function renderAuthPage(o: AuthPageOptions): string {
  const isLogin = o.mode === 'login';
  const title = isLogin ? 'Sign in' : 'Create your account';
  const next = encodeURIComponent(o.next);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Mailcraft</title>
<style>
  body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f5f7fa;color:#1f2937}
  main{max-width:380px;margin:10vh auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px}
  h1{font-size:22px;margin:0 0 4px} p.sub{color:#6b7280;margin:0 0 24px}
  label{display:block;font-size:14px;margin:14px 0 6px}
  input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #d1d5db;border-radius:8px;font-size:15px}
  button{margin-top:22px;width:100%;padding:11px;border:0;border-radius:8px;background:#1677ff;color:#fff;font-size:15px;cursor:pointer}
  .error{color:#cf1322;background:#fff1f0;border:1px solid #ffccc7;border-radius:8px;padding:8px 12px;margin-bottom:8px}
  .alt{margin-top:18px;text-align:center;font-size:14px} a{color:#1677ff}
</style></head>
<body><main>
  <h1>${title}</h1>
  <p class="sub">${isLogin ? 'Welcome back to Mailcraft.' : 'Start building personalised direct mail.'}</p>
  ${o.error ? `<div class="error" role="alert">${esc(o.error)}</div>` : ''}
  <form method="post" action="/api/auth/${isLogin ? 'login' : 'signup'}?next=${next}">
    ${isLogin ? '' : `<label for="given_name">Your name</label><input id="given_name" name="given_name" autocomplete="given-name" required value="${esc(o.givenName ?? '')}">`}
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${esc(o.email ?? '')}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="${isLogin ? 'current-password' : 'new-password'}" required ${isLogin ? '' : 'minlength="8"'}>
    <button type="submit">${isLogin ? 'Sign in' : 'Create account'}</button>
  </form>
  <div class="alt">${isLogin
    ? `No account yet? <a href="/api/auth/signup?next=${next}">Create an account</a>`
    : `Already have an account? <a href="/api/auth/login?next=${next}">Sign in</a>`}</div>
</main></body></html>`;
}
