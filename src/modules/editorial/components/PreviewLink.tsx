import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import CallButton from "@/components/admin/CallButton";
import { formatDate } from "@/lib/format";
import { apiRequest, readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";

interface Link {
  url: string;
  expiresAt: string;
}

const failed = (description: string) => (error: unknown) => {
  toast({ title: "Error", description: readableError(error, description), variant: "destructive" });
};

/**
 * Links that show an unpublished item to whoever holds them: make one to send to a friend,
 * copy it, or revoke every link the item has.
 */
export function PreviewLink({ itemUrl, noun }: { itemUrl: string; noun: string }) {
  const id = useId();
  const [link, setLink] = useState<Link | null>(null);
  const make = useMutation({
    mutationFn: () => apiRequest<Link>("POST", `${itemUrl}/preview-link`),
    onSuccess: setLink,
    onError: failed("Failed to make a preview link."),
  });
  const revoke = useMutation({
    mutationFn: () => apiRequest<{ revoked: number }>("DELETE", `${itemUrl}/preview-link`),
    onSuccess: ({ revoked }) => {
      setLink(null);
      toast({
        title: "Preview Links Revoked",
        description: revoked === 1 ? "The link shows nothing now." : `${String(revoked)} links show nothing now.`,
      });
    },
    onError: failed("Failed to revoke the preview links."),
  });
  return (
    <details className="item-tool">
      <summary>Preview link</summary>
      <p className="meta">
        Anyone with a link sees this {noun} as visitors will, for seven days or until you revoke it or publish the{" "}
        {noun}. Search engines do not.
      </p>
      {link && (
        <div className="field">
          <label htmlFor={`${id}-url`}>Preview link, until {formatDate(link.expiresAt)}</label>
          <div className="preview-link__row">
            <input
              id={`${id}-url`}
              readOnly
              value={link.url}
              onFocus={(event) => {
                event.currentTarget.select();
              }}
            />
            <button
              type="button"
              className="button button--quiet"
              onClick={() => {
                void navigator.clipboard.writeText(link.url).then(() => {
                  toast({ title: "Link Copied" });
                }, failed("The link could not be copied: select it and copy it yourself."));
              }}
            >
              Copy
            </button>
          </div>
        </div>
      )}
      <p className="preview-link__actions">
        <CallButton
          pending={make.isPending}
          quiet
          onPress={() => {
            make.mutate();
          }}
        >
          {link ? "Make another link" : "Make a preview link"}
        </CallButton>
        <CallButton
          pending={revoke.isPending}
          quiet
          onPress={() => {
            revoke.mutate();
          }}
        >
          Revoke all links
        </CallButton>
      </p>
    </details>
  );
}
