/**
 * A real SMTP server on 127.0.0.1 (smtp-server), as an operator's mail relay: STARTTLS with a self-signed
 * certificate made by openssl, a login required (and refused before TLS), and the messages it accepted
 * kept with their headers and decoded text. `starttls: false` makes one that offers no STARTTLS.
 */

import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';
import { selfSignedCertificate } from './certificate.js';
import { tempDir } from './temp.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Header names in lower case; folded lines unfolded. */
  headers: Record<string, string>;
  /** The body, quoted-printable decoded, CRLF as \n. */
  text: string;
}

export interface SmtpReceiver {
  port: number;
  /** The certificate's PEM file (for NODE_EXTRA_CA_CERTS). */
  certificate: string;
  received: ReceivedMail[];
  /** The logins tried, with whether TLS was on then. */
  logins: { user: string; secure: boolean }[];
  close(): Promise<void>;
}

const receivers: SmtpReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(split + 4);
  if (/quoted-printable/i.test(headers['content-transfer-encoding'] ?? ''))
    body = decodeQuotedPrintable(body);
  return { from, to, headers, text: body.replace(/\r\n/g, '\n') };
}

export async function startSmtpReceiver(
  login: { user: string; password: string },
  { starttls = true }: { starttls?: boolean } = {},
): Promise<SmtpReceiver> {
  const dir = tempDir('pulse-smtp-');
  const files = await selfSignedCertificate(dir);
  const received: ReceivedMail[] = [];
  const logins: SmtpReceiver['logins'] = [];
  const server = new SMTPServer({
    secure: false,
    ...(starttls
      ? { key: readFileSync(files.key), cert: readFileSync(files.cert) }
      : { disabledCommands: ['STARTTLS'], allowInsecureAuth: true }),
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, session, callback) {
      logins.push({ user: auth.username ?? '', secure: session.secure });
      if (auth.username === login.user && auth.password === login.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        const from = envelope.mailFrom === false ? '' : envelope.mailFrom.address;
        received.push(
          parse(
            Buffer.concat(chunks).toString('latin1'),
            from,
            envelope.rcptTo.map((to) => to.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const receiver: SmtpReceiver = {
    port,
    certificate: files.cert,
    received,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  receivers.push(receiver);
  return receiver;
}
