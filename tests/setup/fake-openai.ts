import http from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted answer of the fake: a status, headers, a body, and how long to wait first. */
export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
  delayMs?: number;
  /** Sent only once this settles (after `delayMs`): a provider held busy for as long as a test needs. */
  until?: Promise<void>;
}

/** What the fake was sent: the path, the API key it came with, and the JSON body (or a form's fields, a file as its name and size). */
export interface SeenRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface FakeOpenAi {
  /** The base URL to give the site as OPENAI_BASE_URL. */
  url: string;
  requests: SeenRequest[];
  /** How the next requests are answered, in turn; the last one is kept for any after. */
  answerWith(...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

/** A Responses API answer whose one message holds `content`, in the shape the SDK reads. */
const responseWith = (content: Record<string, unknown>, status = "completed"): FakeAnswer => ({
  body: {
    id: "resp_fake",
    object: "response",
    created_at: 1,
    status,
    model: "fake-model",
    output: [{ type: "message", id: "msg_fake", role: "assistant", status: "completed", content: [content] }],
  },
});

/** An answer whose message says `text`, complete unless `status` says otherwise. */
export const responseWithText = (text: string, status = "completed"): FakeAnswer =>
  responseWith({ type: "output_text", text, annotations: [] }, status);

/** An answer in which the model refuses. */
export const refusal: FakeAnswer = responseWith({ type: "refusal", refusal: "I can't help with that." });

/** An error as OpenAI sends one, with a status. */
export const apiError = (status: number, headers: Record<string, string> = {}): FakeAnswer => ({
  status,
  headers,
  body: { error: { message: `fake error ${String(status)}`, type: "server_error", code: null } },
});

/** A transcription as `response_format: "vtt"` asks for it: the WebVTT text itself. */
export const transcriptionVtt = (vtt: string): FakeAnswer => ({
  headers: { "Content-Type": "text/plain; charset=utf-8" },
  body: vtt,
});

/** A request's body: JSON, or a multipart form (a transcription's audio) as its fields, each file as its name and size. */
async function bodyOf(type: string | undefined, bytes: Buffer): Promise<Record<string, unknown>> {
  if (!type?.startsWith("multipart/form-data")) {
    const text = bytes.toString("utf8");
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }
  const form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": type } }).formData();
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form)
    fields[name] = typeof value === "string" ? value : { name: value.name, size: value.size };
  return fields;
}

/**
 * A stand-in for OpenAI's `POST /v1/responses` and `POST /v1/audio/transcriptions` on loopback, so no test reaches the real
 * service: it records each request and answers as scripted.
 */
export async function startFakeOpenAi(port = 0): Promise<FakeOpenAi> {
  const requests: SeenRequest[] = [];
  let answers: FakeAnswer[] = [apiError(500)];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => void answer());
    const answer = async () => {
      requests.push({
        path: req.url ?? "",
        authorization: req.headers.authorization,
        body: await bodyOf(req.headers["content-type"], Buffer.concat(chunks)),
      });
      const next = (answers.length > 1 ? answers.shift() : answers[0]) ?? apiError(500);
      const send = () => {
        timers.delete(timer);
        if (res.destroyed) return;
        res.writeHead(next.status ?? 200, { "Content-Type": "application/json", ...next.headers });
        res.end(typeof next.body === "string" ? next.body : JSON.stringify(next.body));
      };
      const timer = setTimeout(() => void (next.until ?? Promise.resolve()).then(send), next.delayMs ?? 0);
      timers.add(timer);
    };
  });
  await new Promise<void>((resolve) => {
    server.listen(port, "127.0.0.1", resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(bound)}/v1`,
    requests,
    answerWith(...next) {
      answers = next;
    },
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
