import { useState } from "react";
import { PasswordStep } from "../components/PasswordStep";
import { SecondStep } from "../components/SecondStep";
import type { SecondStepMethod } from "../sign-in-answers";
import "./login-form.css";

type Step = { kind: "password"; notice?: string; again: boolean } | { kind: "second"; methods: SecondStepMethod[] };

/**
 * Admin sign-in: a password, or a passkey, then for an account with a second factor the
 * code from its authenticator app or a recovery code, or a passkey instead.
 */
export default function LoginForm() {
  const [step, setStep] = useState<Step>({ kind: "password", again: false });
  if (step.kind === "second") {
    return (
      <SecondStep
        methods={step.methods}
        onSignInAgain={(notice) => {
          setStep({ kind: "password", notice, again: true });
        }}
        onStartOver={() => {
          setStep({ kind: "password", again: true });
        }}
      />
    );
  }
  return (
    <PasswordStep
      notice={step.notice}
      focusFirst={step.again}
      onSecondStep={(methods) => {
        setStep({ kind: "second", methods });
      }}
    />
  );
}
