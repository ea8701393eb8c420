import { useEffect, useId, useState, type SubmitEvent } from "react";
import { apiRequest } from "@/lib/api-request";
import { localNicknames } from "../local-nicknames";
import { NAME_MAX_LENGTH, nameProblem } from "../rules";
import type { NicknameAnswer, NicknameRequest, NicknameResponse } from "../schema";
import "./nickname-generator.css";

interface Props {
  /** Nicknames the server made for a form posted without JavaScript. */
  answer?: NicknameAnswer;
  /** Why the posted name was refused, shown by the field. */
  error?: string;
}

/** Whether a body has the shape the endpoint answers with; anything else counts as a failed call. */
function isNicknameResponse(body: unknown): body is NicknameResponse {
  const nicknames = (body as { nicknames?: unknown } | null)?.nicknames;
  return (
    Array.isArray(nicknames) &&
    nicknames.length > 0 &&
    nicknames.every((n: Record<string, unknown>) =>
      ["nickname", "explanation", "category"].every((field) => typeof n[field] === "string"),
    )
  );
}

/**
 * Nicknames from the server, or made here when the call fails in any way (SPEC §4): a
 * visitor sees suggestions, never an error.
 */
async function fetchNicknames(request: NicknameRequest): Promise<NicknameResponse> {
  try {
    const body = await apiRequest<unknown>("POST", "/api/nickname/generate", request);
    if (isNicknameResponse(body)) return body;
  } catch {
    // Answered below, like a malformed answer.
  }
  return { nicknames: localNicknames(request.name, request.attempt, request.avoid), source: "local" };
}

/**
 * The nickname generator (SPEC §2 /nickname-generator): a name, 'Generate with AI', cards,
 * and Generate More for others than those shown. Without JavaScript both forms post to the
 * page, which answers with the cards itself.
 */
export default function NicknameGenerator({ answer: initial, error: initialError }: Props) {
  const id = useId();
  const [name, setName] = useState(initial?.name ?? "");
  const [answer, setAnswer] = useState(initial);
  const [error, setError] = useState(initialError);
  const [loading, setLoading] = useState(false);
  // Rendered on the server the button is enabled, so a page without JavaScript can post.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
  }, []);

  // The name is held to the endpoint's rules here too (`rules.ts`), trimmed as it trims it.
  const generate = async (request: NicknameRequest & { attempt: number }) => {
    const trimmed = { ...request, name: request.name.trim() };
    const problem = nameProblem(trimmed.name);
    setError(problem);
    if (problem) return;
    setLoading(true);
    const response = await fetchNicknames(trimmed);
    setAnswer({ name: trimmed.name, attempt: trimmed.attempt, response });
    setLoading(false);
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (name.trim() === "" || loading) return;
    void generate({ name, attempt: 0 });
  };

  const more = (event: SubmitEvent) => {
    event.preventDefault();
    if (!answer || loading) return;
    void generate({
      name: answer.name,
      attempt: answer.attempt + 1,
      avoid: answer.response.nicknames.map((n) => n.nickname),
    });
  };

  const blank = name.trim() === "";
  return (
    <div className="nickname-generator">
      <form className="inline-form nickname-form" method="post" action="/nickname-generator" onSubmit={submit}>
        <label htmlFor={id}>Your name</label>
        <div className="inline-form__row nickname-form__row">
          <input
            id={id}
            name="name"
            type="text"
            autoComplete="given-name"
            required
            maxLength={NAME_MAX_LENGTH}
            value={name}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
          <button className="button" type="submit" disabled={hydrated && (blank || loading)} aria-busy={loading}>
            {loading ? "AI Thinking" : "Generate with AI"}
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>

      <p className="visually-hidden" role="status">
        {loading
          ? "AI Thinking"
          : answer
            ? `${String(answer.response.nicknames.length)} nicknames for ${answer.name}`
            : ""}
      </p>

      {answer && (
        <section className="nickname-results" aria-labelledby={`${id}-results`} aria-busy={loading}>
          <h2 id={`${id}-results`}>Nicknames for {answer.name}</h2>
          {answer.response.source === "local" && (
            <p className="nickname-results__note">The AI is resting, so these were made up on the spot.</p>
          )}
          <ul className="grid nickname-cards">
            {answer.response.nicknames.map((suggestion) => (
              <li key={suggestion.nickname} className="card nickname-card">
                <div className="card__body">
                  <p className="badge">{suggestion.category}</p>
                  <h3 className="card__title">{suggestion.nickname}</h3>
                  <p className="nickname-card__explanation">{suggestion.explanation}</p>
                </div>
              </li>
            ))}
          </ul>
          <form method="post" action="/nickname-generator" onSubmit={more}>
            <input type="hidden" name="name" value={answer.name} />
            <input type="hidden" name="attempt" value={answer.attempt + 1} />
            {answer.response.nicknames.map((suggestion) => (
              <input key={suggestion.nickname} type="hidden" name="avoid" value={suggestion.nickname} />
            ))}
            <button className="button button--quiet" type="submit" disabled={loading}>
              Generate More
            </button>
          </form>
        </section>
      )}
    </div>
  );
}
