import { useId, useState, type SubmitEvent } from "react";
import type { CustomRule } from "../theme-document";
import { tokenValue } from "../theme-document";
import { withTokensResolved } from "@/lib/theme-token";
import { computedColourAsHex } from "../colour-hex";
import { FONT_STACKS, THEME_TOKENS, type ThemeTokenSpec } from "../theme-tokens";

interface Props {
  css: string;
  defaultCss: string;
  onToken: (name: string, value: string) => void;
  onRule: (rule: CustomRule) => void;
}

const HEX = /^#[0-9a-f]{6}$/i;
const GROUPS = ["Colours", "Type", "Spacing and shape"] as const;

/** A 3-digit hex written out, so a colour input (which takes only #rrggbb) can show it. */
function asHex(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return HEX.test(value) ? value.toLowerCase() : undefined;
}

function TokenControl({
  spec,
  value,
  resolved,
  onChange,
}: {
  spec: ThemeTokenSpec;
  value: string;
  /** The value with the tokens it is made of written out: what its swatch shows. */
  resolved: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const label = (
    <label htmlFor={id}>
      {spec.label} <code>{spec.name}</code>
    </label>
  );
  const usedBy = (
    <span id={`${id}-used`} className="token__used">
      Used by: {spec.usedBy}
    </span>
  );
  if (spec.kind === "color") {
    return (
      <div className="token token--colour">
        <input
          id={id}
          type="color"
          aria-describedby={`${id}-used`}
          // A colour made from another (a mix, a shade of an accent) shows as the colour it comes to.
          value={asHex(value) ?? computedColourAsHex(resolved) ?? "#000000"}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        <label htmlFor={id}>
          {spec.label}
          <code>
            {spec.name}: {value}
          </code>
        </label>
        {usedBy}
      </div>
    );
  }
  if (spec.kind === "font") {
    const known = FONT_STACKS.some((stack) => stack.value === value);
    return (
      <div className="token">
        {label}
        {usedBy}
        <select
          id={id}
          aria-describedby={`${id}-used`}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        >
          {!known && <option value={value}>This theme&apos;s own: {value}</option>}
          {FONT_STACKS.map((stack) => (
            <option key={stack.label} value={stack.value}>
              {stack.label}
            </option>
          ))}
        </select>
      </div>
    );
  }
  const unit = spec.kind === "px" ? "px" : "";
  const number = Number.parseFloat(value);
  return (
    <div className="token">
      {label}
      {usedBy}
      <span className="token__number">
        <input
          id={id}
          aria-describedby={`${id}-used`}
          type="number"
          inputMode="decimal"
          min={spec.range?.min}
          max={spec.range?.max}
          step={spec.range?.step}
          value={Number.isFinite(number) ? number : ""}
          onChange={(event) => {
            if (event.target.value !== "") onChange(`${event.target.value}${unit}`);
          }}
        />
        {unit && <span aria-hidden="true">{unit}</span>}
      </span>
    </div>
  );
}

/** A form over the theme's design tokens and for adding rules: a view of the same document as the code. */
export default function VisualEditor({ css, defaultCss, onToken, onRule }: Props) {
  const id = useId();
  const [rule, setRule] = useState<CustomRule>({ selector: "", property: "", value: "" });
  const complete = Boolean(rule.selector.trim() && rule.property.trim() && rule.value.trim());
  const addRule = (event: SubmitEvent) => {
    event.preventDefault();
    if (!complete) return;
    onRule(rule);
    setRule({ selector: rule.selector, property: "", value: "" });
  };
  const field = (name: keyof CustomRule, label: string, placeholder: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        value={rule[name]}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setRule({ ...rule, [name]: event.target.value });
        }}
      />
    </div>
  );

  return (
    <div className="visual-editor">
      {GROUPS.map((group) => (
        <fieldset key={group} className="visual-editor__group">
          <legend>{group}</legend>
          {THEME_TOKENS.filter((spec) => spec.group === group).map((spec) => (
            <TokenControl
              key={spec.name}
              spec={spec}
              value={tokenValue(css, defaultCss, spec.name) ?? ""}
              resolved={withTokensResolved(`${defaultCss}\n${css}`, tokenValue(css, defaultCss, spec.name) ?? "")}
              onChange={(value) => {
                onToken(spec.name, value);
              }}
            />
          ))}
        </fieldset>
      ))}
      <form className="visual-editor__group visual-editor__rule" onSubmit={addRule} aria-labelledby={`${id}-rules`}>
        <h3 id={`${id}-rules`}>Add a rule</h3>
        <p className="visual-editor__note">Added to the end of the theme once it has a property and a value.</p>
        {field("selector", "Selector", "h1, .card")}
        {field("property", "Property", "letter-spacing")}
        {field("value", "Value", "0.02em")}
        <button className="button button--quiet" type="submit" disabled={!complete}>
          Add rule
        </button>
      </form>
    </div>
  );
}
