import { useId, useRef, useState, type SubmitEvent } from "react";
import { apiRequest, readableError } from "@/lib/api-request";
import { toastAfterNavigation } from "@/lib/pending-toast";
import { toast } from "@/lib/toast";
import { keepSafeMode } from "@/lib/theme-params";
import { forgetUser } from "../client-session";
import { loginSchema } from "../schema";
import type { PublicUser } from "../user";

type Field = "username" | "password";

/** The error a field shows, by the same schema the endpoint uses (SPEC §5). */
function fieldError(field: Field, value: string): string | undefined {
  const result = loginSchema.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Admin sign-in (SPEC §2, §4): fields checked on blur, 'Signing in...', toasts, then /admin. */
export default function LoginForm() {
  const id = useId();
  // Kept out of React's state on purpose: a controlled input mirrors every key typed into
  // its value attribute, where any stylesheet's [value$=…] selectors can read it.
  const values = useRef<Record<Field, string>>({ username: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);

  const check = (field: Field) => {
    setErrors((current) => ({ ...current, [field]: fieldError(field, values.current[field]) }));
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const found = {
      username: fieldError("username", values.current.username),
      password: fieldError("password", values.current.password),
    };
    setErrors(found);
    if (found.username || found.password) return;
    setPending(true);
    try {
      const { user } = await apiRequest<{ user: PublicUser }>("POST", "/api/auth/login", values.current);
      forgetUser();
      // The page changes at once, so the next page shows this: the dashboard for an admin,
      // and for anyone else this page again, saying that the admin area needs an admin.
      toastAfterNavigation({ title: "Login successful", description: `Welcome back, ${user.username}!` });
      // Safe mode goes along, so a theme that hid the login form cannot hide the dashboard.
      const here = new URL(window.location.href);
      window.location.assign(keepSafeMode(user.role === "admin" ? "/admin" : "/login", here));
    } catch (error) {
      toast({
        title: "Login failed",
        description: readableError(error, "Invalid credentials"),
        variant: "destructive",
      });
      setPending(false);
    }
  };

  const input = (field: Field, label: string, type: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        name={field}
        type={type}
        autoComplete={autoComplete}
        defaultValue=""
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        onChange={(event) => {
          const value = event.target.value;
          values.current = { ...values.current, [field]: value };
          // A shown error goes as soon as it is fixed, not on blur: else the form would
          // shift under the pointer as the Sign In button is pressed.
          if (errors[field]) setErrors((current) => ({ ...current, [field]: fieldError(field, value) }));
        }}
        onBlur={() => {
          check(field);
        }}
      />
      {errors[field] && (
        <p id={`${id}-${field}-error`} className="field-error" role="alert">
          {errors[field]}
        </p>
      )}
    </div>
  );

  return (
    // POST, so a submit before the island hydrates (or without JavaScript) never puts the
    // password in the address bar, history or logs.
    <form className="login-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
      {input("username", "Username", "text", "username")}
      {input("password", "Password", "password", "current-password")}
      <button className="button" type="submit" disabled={pending}>
        {pending ? "Signing in..." : "Sign In"}
      </button>
    </form>
  );
}
