/**
 * The mail sender of `pulse serve --smtp URL` (issue 31): the email channels' deliveries, sent through the
 * operator's SMTP server with nodemailer, loaded with the first email (not with the server). On smtp://
 * the connection must be upgraded with STARTTLS before anything else is said, unless the URL says
 * `?starttls=off` (a relay on the same host); smtps:// is TLS from the first byte. The login comes from
 * the environment only (PULSE_SMTP_USER, PULSE_SMTP_PASSWORD): never in the URL, an argument or a
 * message. Certificates are checked against Node's CAs (NODE_EXTRA_CA_CERTS adds a private one).
 */
import type { MailMessage, MailSender } from '../core/webhooks/sender.js';

export interface SmtpSettings {
  host: string;
  port: number;
  /** smtps://: TLS from the connection's start. */
  implicitTls: boolean;
  /** smtp://: whether STARTTLS is required (true unless the URL says starttls=off). */
  starttls: boolean;
  user?: string;
  password?: string;
  /** The From address: an address, or `Name <address>`. */
  from: string;
}

/** What the operator gave: flags first, then the environment. */
export interface SmtpConfiguration {
  url: string | undefined;
  from: string | undefined;
  user: string | undefined;
  password: string | undefined;
}

/** A connection, its greeting or STARTTLS, and each command: an email never holds the sender long. */
const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 20_000;
const MAX_REASON = 160;

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+$/;

/** Whether a From value is an address or `Name <address>`, on one line. */
export function isFromAddress(value: string): boolean {
  const named = /^[^<>\r\n]*<([^<>]+)>$/.exec(value.trim());
  return ADDRESS.test(named ? (named[1] ?? '') : value.trim());
}

/**
 * The settings from what the operator gave, or a message saying what is wrong (never repeating a
 * credential: a URL that carries one is not echoed). Undefined settings: no --smtp, no mail.
 */
export function smtpSettings(given: SmtpConfiguration): { settings?: SmtpSettings; problem?: string } {
  if (given.url === undefined || given.url === '') {
    if (given.from !== undefined) return { problem: '--smtp-from needs --smtp (or PULSE_SMTP_URL)' };
    return {};
  }
  let url: URL;
  try {
    url = new URL(given.url);
  } catch {
    return { problem: '--smtp must be smtp://HOST[:PORT] or smtps://HOST[:PORT]' };
  }
  if (url.username !== '' || url.password !== '') {
    return {
      problem:
        '--smtp must not carry a user or password: give them in PULSE_SMTP_USER and PULSE_SMTP_PASSWORD',
    };
  }
  const implicitTls = url.protocol === 'smtps:';
  if (
    (url.protocol !== 'smtp:' && !implicitTls) ||
    url.hostname === '' ||
    url.port === '0' ||
    !/^\/?$/.test(url.pathname)
  ) {
    return { problem: `--smtp must be smtp://HOST[:PORT] or smtps://HOST[:PORT]: ${given.url}` };
  }
  let starttls = !implicitTls;
  for (const [name, value] of url.searchParams) {
    if (name !== 'starttls' || implicitTls || (value !== 'off' && value !== 'required')) {
      return {
        problem: `--smtp takes one option, starttls=off or starttls=required on smtp:// only: ${given.url}`,
      };
    }
    starttls = value === 'required';
  }
  if ((given.user === undefined) !== (given.password === undefined)) {
    return { problem: 'PULSE_SMTP_USER and PULSE_SMTP_PASSWORD go together: set both or neither' };
  }
  if (!implicitTls && !starttls && given.user !== undefined) {
    return {
      problem:
        '--smtp with starttls=off would send PULSE_SMTP_PASSWORD unencrypted: use STARTTLS or smtps://',
    };
  }
  if (given.from === undefined || given.from === '') {
    return { problem: '--smtp needs the address mail comes from: --smtp-from or PULSE_SMTP_FROM' };
  }
  if (!isFromAddress(given.from)) {
    return { problem: `--smtp-from must be an address or "Name <address>": ${given.from}` };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    settings: {
      host,
      port: url.port === '' ? (implicitTls ? 465 : 587) : Number(url.port),
      implicitTls,
      starttls,
      ...(given.user !== undefined && { user: given.user }),
      ...(given.password !== undefined && { password: given.password }),
      from: given.from.trim(),
    },
  };
}

/** Where the server is, as messages name it. */
export function smtpServerName(settings: Pick<SmtpSettings, 'host' | 'port'>): string {
  return settings.host.includes(':')
    ? `[${settings.host}]:${settings.port}`
    : `${settings.host}:${settings.port}`;
}

interface MailError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** One short reason, without the credentials, whatever the server or the library put in theirs. */
export function failureReason(error: unknown, settings: SmtpSettings): string {
  const failure: MailError = error !== null && typeof error === 'object' ? error : {};
  const server = `the SMTP server at ${smtpServerName(settings)}`;
  const said = (text: string | undefined) => {
    let reason = (text ?? '').split(/\r?\n/)[0] ?? '';
    for (const secret of [settings.password, settings.user]) {
      if (secret) reason = reason.replaceAll(secret, '***');
    }
    return reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON - 1)}…` : reason;
  };
  // Node's TLS errors name the certificate (self-signed, expired, another host's): said as such.
  if (/certificate/i.test(failure.message ?? '')) {
    // Node 24 appends its own advice after a semicolon; ours is the one that applies to pulse serve.
    const reason = said(failure.message).split(';')[0];
    return `${server} sent a certificate that is not trusted: ${reason} (NODE_EXTRA_CA_CERTS adds a CA)`;
  }
  switch (failure.code) {
    case 'EAUTH':
      return `${server} refused the login of PULSE_SMTP_USER${failure.responseCode ? ` (${failure.responseCode})` : ''}`;
    case 'ENOAUTH':
      return `${server} asks for a login: set PULSE_SMTP_USER and PULSE_SMTP_PASSWORD`;
    case 'ETLS':
      return `${server} could not be secured with STARTTLS: ${said(failure.message)}`;
    case 'EENVELOPE':
    case 'EMESSAGE':
      return `${server} refused the message: ${said(failure.response ?? failure.message)}`;
    case 'ECONNECTION':
    case 'ETIMEDOUT':
    case 'ESOCKET':
    case 'EDNS':
      return `cannot reach ${server}: ${said(failure.message)}`;
    default:
      return `${server} failed: ${said(failure.message ?? String(error))}`;
  }
}

/** The mail sender over these settings: a connection per email, closed after it. */
export function smtpMailer(settings: SmtpSettings): MailSender {
  return async (mail: MailMessage) => {
    const { createTransport } = await import('nodemailer');
    const transport = createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.implicitTls,
      requireTLS: !settings.implicitTls && settings.starttls,
      ignoreTLS: !settings.implicitTls && !settings.starttls,
      ...(settings.user !== undefined &&
        settings.password !== undefined && { auth: { user: settings.user, pass: settings.password } }),
      connectionTimeout: CONNECT_TIMEOUT_MS,
      greetingTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
      logger: false,
      debug: false,
      // An email is text pulse wrote: nothing of it is read from a file or a URL.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    try {
      await transport.sendMail({
        from: settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        headers: { 'Pulse-Event-Id': mail.eventId, 'Auto-Submitted': 'auto-generated' },
      });
    } catch (error) {
      throw new Error(failureReason(error, settings));
    } finally {
      transport.close();
    }
  };
}
