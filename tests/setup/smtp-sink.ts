import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";

/** A message the sink took: who it was for, and its bytes as they arrived. */
export interface Caught {
  to: string[];
  raw: Buffer;
}

/** An SMTP server on loopback that keeps what it is sent, for tests; `refuse` may answer a recipient with an error. */
export interface SmtpSink {
  url: string;
  caught: Caught[];
  /** Answer RCPT TO for an address with this code and text (451 to try later, 550 for no such user), or accept. */
  refuse: (address: string) => { code: number; message: string } | undefined;
  /**
   * When to take a message whose bytes have all arrived: it is kept, and answered 250, once
   * this settles. One that never settles is a message left on the wire, never taken.
   */
  take: (to: string[]) => Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: "",
    caught: [],
    refuse: () => undefined,
    take: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const refusal = sink.refuse(address.address);
      callback(refusal && Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        void sink.take(to).then(() => {
          sink.caught.push({ to, raw: Buffer.concat(chunks) });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://127.0.0.1:${String(port)}`;
  sink.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  return sink;
}
