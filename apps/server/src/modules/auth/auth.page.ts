/**
 * The server-hosted sign-in pages (docs/requirements/workflow.md#workflow-order: "Sign-in is a browser redirect to the server
 * login"): sign in, create an account, forgot password, choose a new password. Plain HTML forms so
 * they work without the SPA; each posts back to its own path. One look for all, with the product's
 * name and logo (docs/requirements/account-and-settings.md#sign-in-pages).
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The Mailcraft mark (the app's favicon), inline so the page needs no other file. */
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="36" height="36" aria-hidden="true"><rect width="32" height="32" rx="6" fill="#1677ff"/><path d="M6 10h20v13H6z" fill="#fff"/><path d="M6 10l10 8 10-8" fill="none" stroke="#1677ff" stroke-width="2"/></svg>';

const STYLE = `
  body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f5f7fa;color:#1f2937}
  .brand{display:flex;align-items:center;justify-content:center;gap:10px;margin:8vh auto 16px;font-size:22px;font-weight:700;color:#111827;text-decoration:none}
  main{max-width:380px;margin:0 auto 8vh;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px}
  @media (max-width:440px){main{margin:0 12px 8vh;padding:24px}}
  h1{font-size:22px;margin:0 0 4px} p.sub{color:#6b7280;margin:0 0 24px}
  label{display:block;font-size:14px;margin:14px 0 6px}
  input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #d1d5db;border-radius:8px;font-size:15px}
  button{margin-top:22px;width:100%;padding:11px;border:0;border-radius:8px;background:#1677ff;color:#fff;font-size:15px;cursor:pointer}
  .error{color:#cf1322;background:#fff1f0;border:1px solid #ffccc7;border-radius:8px;padding:8px 12px;margin-bottom:8px}
  .notice{color:#135200;background:#f6ffed;border:1px solid #b7eb8f;border-radius:8px;padding:8px 12px;margin-bottom:8px}
  .row{display:flex;justify-content:flex-end;margin-top:8px;font-size:14px}
  p.help{color:#6b7280;font-size:13px;margin:6px 0 0}
  .alt{margin-top:18px;text-align:center;font-size:14px} a{color:#1677ff}`;

/** One page: the brand above a card with a title, a line under it and the body. */
function page(title: string, sub: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Mailcraft</title><link rel="icon" href="/favicon.svg"><style>${STYLE}</style></head>
<body><a class="brand" href="/">${LOGO}<span>Mailcraft</span></a><main>
  <h1>${esc(title)}</h1>
  <p class="sub">${esc(sub)}</p>
  ${body}
</main></body></html>`;
}

const errorBox = (error?: string) => (error ? `<div class="error" role="alert">${esc(error)}</div>` : '');

/**
 * `setupCode` (sign-up, while the server has no operator): shows the 'Setup code' field that makes
 * the first account the operator.
 */
export type AuthPageOptions = {
  mode: 'login' | 'signup'; next: string; error?: string; notice?: string; email?: string; givenName?: string; setupCode?: boolean;
};

/** The sign-up page's 'Setup code' field and what it is for. */
const SETUP_CODE_FIELD = `<label for="setup_code">Setup code</label>
    <input id="setup_code" name="setup_code" autocomplete="off" spellcheck="false" aria-describedby="setup_code_help">
    <p class="help" id="setup_code_help">This server has no operator yet. To make this account its operator (administrator), enter the
    one-time setup code printed in the server log at start (or sign up with the email set as ADMIN_EMAIL). Leave it empty for an ordinary account.</p>`;

/** The sign-in page (with 'Forgot password?') or the sign-up page. */
export function renderAuthPage(o: AuthPageOptions): string {
  const isLogin = o.mode === 'login';
  const next = encodeURIComponent(o.next);
  return page(isLogin ? 'Sign in' : 'Create your account', isLogin ? 'Welcome back to Mailcraft.' : 'Start building personalised direct mail.', `
  ${o.notice ? `<div class="notice" role="status">${esc(o.notice)}</div>` : ''}${errorBox(o.error)}
  <form method="post" action="/api/auth/${isLogin ? 'login' : 'signup'}?next=${next}">
    ${isLogin ? '' : `<label for="given_name">Your name</label><input id="given_name" name="given_name" autocomplete="given-name" required value="${esc(o.givenName ?? '')}">`}
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${esc(o.email ?? '')}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="${isLogin ? 'current-password' : 'new-password'}" required ${isLogin ? '' : 'minlength="8"'}>
    ${!isLogin && o.setupCode ? SETUP_CODE_FIELD : ''}
    ${isLogin ? `<div class="row"><a href="/api/auth/forgot-password?next=${next}">Forgot password?</a></div>` : ''}
    <button type="submit">${isLogin ? 'Sign in' : 'Create account'}</button>
  </form>
  <div class="alt">${isLogin
    ? `No account yet? <a href="/api/auth/signup?next=${next}">Create an account</a>`
    : `Already have an account? <a href="/api/auth/login?next=${next}">Sign in</a>`}</div>`);
}

/** 'Forgot password?': the email form, or (`sent`) the one answer every address gets. */
export function renderForgotPage(o: { next: string; sent?: string; error?: string; email?: string }): string {
  const next = encodeURIComponent(o.next);
  const back = `<div class="alt"><a href="/api/auth/login?next=${next}">Back to sign in</a></div>`;
  if (o.sent) return page('Check your email', 'A link to reset your password is on its way.', `<div class="notice" role="status">${esc(o.sent)}</div>${back}`);
  return page('Forgot your password?', 'We will email you a link to choose a new one.', `${errorBox(o.error)}
  <form method="post" action="/api/auth/forgot-password?next=${next}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${esc(o.email ?? '')}">
    <button type="submit">Email me a link</button>
  </form>${back}`);
}

/** The new-password form of a reset link, or (`invalid`) why the link no longer works. */
export function renderResetPage(o: { token: string; invalid?: string; error?: string }): string {
  if (o.invalid) {
    return page('Reset your password', 'This link cannot be used.', `${errorBox(o.invalid)}<div class="alt"><a href="/api/auth/forgot-password">Send me a new link</a></div>`);
  }
  return page('Choose a new password', 'At least 8 characters. Your other sessions end when it is saved.', `${errorBox(o.error)}
  <form method="post" action="/api/auth/reset-password">
    <input type="hidden" name="token" value="${esc(o.token)}">
    <label for="password">New password</label>
    <input id="password" name="password" type="password" autocomplete="new-password" required minlength="8">
    <button type="submit">Save password and sign in</button>
  </form>`);
}
