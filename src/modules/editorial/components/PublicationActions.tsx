import { useState } from "react";
import { FieldError } from "@/components/admin/FormControls";
import { formatDate, whenText } from "@/lib/format";
import { publicationFor, type PublishIntent } from "../intent";
import { lateNote, type ContentStatus } from "../publication";

/** Where an item stands, as the admin reads it (`publicationJson`). */
export interface Standing {
  status: ContentStatus;
  publishedAt: string | null;
  lateSeconds: number | null;
}

/** A time as a `datetime-local` input holds it, in the owner's time zone: "2026-12-01T09:30". */
export function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** When a schedule starts, unless the item has one: tomorrow at nine, the owner's time. */
export function defaultScheduleAt(standing: Standing | undefined, now = new Date()): string {
  if (standing?.status === "scheduled" && standing.publishedAt) return localInputValue(new Date(standing.publishedAt));
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  return localInputValue(tomorrow);
}

/** What the dialog says of where the item stands. */
export function standingText(standing: Standing | undefined): string {
  if (!standing) return "Not saved yet.";
  if (standing.status === "draft") return "Draft: only you can see it.";
  if (standing.status === "scheduled") return `Scheduled for ${whenText(standing.publishedAt ?? "")}.`;
  const published = `Published ${formatDate(standing.publishedAt ?? "")}.`;
  const late = lateNote(standing.lateSeconds);
  return late ? `${published} ${late}.` : published;
}

const INTENTS: readonly PublishIntent[] = ["keep", "publish", "draft", "schedule"];

/** The intent a submit button carries (`data-intent`); a form submitted otherwise keeps the item where it stands. */
const intentOf = (submitter: HTMLElement | null): PublishIntent =>
  INTENTS.find((intent) => intent === submitter?.dataset.intent) ?? "keep";

/**
 * What a post or video form keeps for publishing: the schedule's time and the last button
 * pressed. `fields` go into the form's input, so their errors show and clear with the
 * rest's; `fieldsFor` are the ones a pressed button sends; `controls` go to `PublicationActions`.
 */
export function usePublishing(standing: Standing | undefined) {
  const [intent, setIntent] = useState<PublishIntent>("keep");
  const [scheduleAt, setScheduleAt] = useState(() => defaultScheduleAt(standing));
  return {
    fields: publicationFor(intent, scheduleAt),
    fieldsFor: (submitter: HTMLElement | null) => publicationFor(intentOf(submitter), scheduleAt),
    controls: { standing, scheduleAt, onScheduleAt: setScheduleAt, onIntent: setIntent },
  };
}

interface Props {
  id: string;
  /** "Post", "Video": what the buttons name. */
  noun: string;
  /** The spec's button for saving: "Create Post" for a new one, "Update Post" for a published one. */
  saveLabel: string;
  standing?: Standing;
  scheduleAt: string;
  onScheduleAt: (value: string) => void;
  /** Pressed buttons say which intent they carry, for the form's `inputFor`. */
  onIntent: (intent: PublishIntent) => void;
  error?: string;
  /** What the form says of its work beside where the item stands (an autosave). */
  note?: string;
  pending: boolean;
  onCancel: () => void;
}

interface Action {
  label: string;
  intent: PublishIntent;
}

/** The buttons an item has where it stands; the first is the form's main one. */
function actionsFor(noun: string, saveLabel: string, status: ContentStatus | undefined): Action[] {
  switch (status) {
    case undefined:
      return [
        { label: saveLabel, intent: "publish" },
        { label: "Save draft", intent: "draft" },
        { label: "Schedule", intent: "schedule" },
      ];
    case "draft":
      return [
        { label: `Publish ${noun}`, intent: "publish" },
        { label: "Save draft", intent: "draft" },
        { label: "Schedule", intent: "schedule" },
      ];
    case "scheduled":
      return [
        { label: "Save", intent: "keep" },
        { label: "Reschedule", intent: "schedule" },
        { label: "Publish now", intent: "publish" },
        { label: "Unschedule", intent: "draft" },
      ];
    case "published":
      return [
        { label: saveLabel, intent: "keep" },
        { label: "Unpublish", intent: "draft" },
      ];
  }
}

/**
 * The foot of the post and video dialogs: where the item stands, when to schedule it, and
 * a button for each thing the owner may do with it from there (publish, save a draft,
 * schedule, unpublish). Each button submits the form with its intent.
 */
export function PublicationActions(props: Props) {
  const { id, noun, saveLabel, standing, scheduleAt, onScheduleAt, onIntent, error, note, pending, onCancel } = props;
  const actions = actionsFor(noun, saveLabel, standing?.status);
  const schedulable = standing?.status !== "published";
  return (
    <>
      <fieldset className="publication">
        <legend>Publishing</legend>
        <p className="meta" id={`${id}-standing`}>
          {standingText(standing)}
        </p>
        <p className="meta" aria-live="polite">
          {note}
        </p>
        {schedulable && (
          <div className="field">
            <label htmlFor={`${id}-schedule`}>Schedule for (your time)</label>
            <input
              id={`${id}-schedule`}
              type="datetime-local"
              value={scheduleAt}
              aria-invalid={Boolean(error)}
              onChange={(event) => {
                onScheduleAt(event.target.value);
              }}
            />
            <FieldError message={error} />
          </div>
        )}
      </fieldset>
      <div className="form-actions">
        {actions.map((action, index) => (
          <button
            key={action.intent}
            className={index === 0 ? "button" : "button button--quiet"}
            type="submit"
            data-intent={action.intent}
            disabled={pending}
            onClick={() => {
              onIntent(action.intent);
            }}
          >
            {action.label}
          </button>
        ))}
        <button className="button button--quiet" type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
