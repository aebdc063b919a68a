/**
 * The authorization server's HTML pages: sign-in, consent and errors. Plain forms, no JavaScript; every
 * value from a request or the store is escaped here, in one place.
 */
import type { PendingView } from '../core/oauth/authorization-server.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
h1 { font-size: 1.5rem; }
label { display: block; font-weight: 600; margin-bottom: .25rem; }
input[type=text] { font: inherit; padding: .5rem; width: 100%; box-sizing: border-box; letter-spacing: .1em; }
button { font: inherit; padding: .5rem 1.25rem; margin: 1rem .5rem 0 0; cursor: pointer; }
:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.problem { color: #a40000; font-weight: 600; }
.note { color: #444; font-size: .9rem; }`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · pulse</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const SCOPE_WORDS = {
  read: 'read your check-ins, goals and everything else you can see',
  write: 'read everything you can see and make changes as you',
} as const;

function hidden(view: PendingView): string {
  return `<input type="hidden" name="pending" value="${escapeHtml(view.pending)}">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">`;
}

export function signInPage(view: PendingView): string {
  const problem = view.problem
    ? `<p class="problem" role="alert">${escapeHtml(view.problem)} ${view.triesLeft} ${view.triesLeft === 1 ? 'try' : 'tries'} left.</p>`
    : '';
  return page(
    'Sign in',
    `<h1>Sign in to pulse</h1>
<p><strong>${escapeHtml(view.clientName)}</strong> wants to ${SCOPE_WORDS[view.scope]}.</p>
${problem}
<form method="post" action="/oauth/authorize">
${hidden(view)}
<label for="code">Sign-in code</label>
<input type="text" id="code" name="code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" required autofocus>
<p class="note">Ask an administrator for one: <code>pulse admin login-code --person YOUR_EMAIL</code>. It works once, for 10 minutes.</p>
<button type="submit" name="action" value="sign-in">Sign in</button>
</form>`,
  );
}

export function consentPage(view: PendingView): string {
  const person = view.person ? `${view.person.name} (${view.person.email})` : 'you';
  return page(
    'Allow access?',
    `<h1>Allow ${escapeHtml(view.clientName)} to use pulse as ${escapeHtml(person)}?</h1>
<p>It asks for <strong>${view.scope}</strong> access: to ${SCOPE_WORDS[view.scope]}.</p>
<p class="note">You will be sent back to ${escapeHtml(view.redirectUri)}.</p>
<form method="post" action="/oauth/authorize">
${hidden(view)}
<button type="submit" name="action" value="allow">Allow</button>
<button type="submit" name="action" value="deny">Deny</button>
</form>`,
  );
}

export function errorPage(message: string): string {
  return page(
    'Sign-in failed',
    `<h1>This sign-in cannot go on</h1>
<p role="alert">${escapeHtml(message)}</p>`,
  );
}
