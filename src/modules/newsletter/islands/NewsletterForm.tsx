import { useId, useRef, useState, type SubmitEvent } from "react";
import { apiRequest } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { newsletterSignupSchema } from "../schema";

/**
 * The signup form (SPEC §4): idle, submitting ('...'), then a toast; the field is cleared
 * on success. Without JavaScript it posts to the same endpoint as a plain form.
 */
export default function NewsletterForm() {
  const id = useId();
  // Uncontrolled: a controlled input mirrors what is typed into its value attribute, where
  // a stylesheet's selectors could read the address.
  const field = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const email = field.current?.value ?? "";
    if (email.trim() === "" || pending) return;
    const parsed = newsletterSignupSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await apiRequest("POST", "/api/newsletter/subscribe", parsed.data);
      if (field.current) field.current.value = "";
      toast({ title: "Successfully subscribed!", description: "You'll receive notifications about new meh moments." });
    } catch {
      toast({ title: "Subscription failed", description: "Please try again later.", variant: "destructive" });
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="inline-form" action="/api/newsletter/subscribe" method="post" onSubmit={(e) => void submit(e)}>
      <label htmlFor={id}>Email address</label>
      <div className="inline-form__row">
        <input
          id={id}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          ref={field}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button className="button" type="submit" disabled={pending} aria-busy={pending}>
          {pending ? "..." : "Subscribe"}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
