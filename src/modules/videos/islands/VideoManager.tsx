import { EmailThis } from "@/modules/newsletter/components/EmailThis";
import { QueryClientProvider } from "@tanstack/react-query";
import { MEH_RATING } from "../../../../db/domain-constants.ts";
import { historyFields } from "@/modules/editorial/word-diff";
import { ManagerShell, type ManagerConfig } from "@/modules/editorial/components/ManagerShell";
import { formatDate, formatDuration } from "@/lib/format";
import { getQueryClient } from "@/lib/query-client";
import { videoPath } from "@/lib/paths";
import { VideoForm } from "../components/VideoForm";
import { VIDEOS_ENDPOINT } from "../keys";
import type { VideoInput } from "../schema";
import type { AdminVideoJson } from "../serialize";

// The spec names /admin/videos but describes no screen: this is the post manager's twin.
const videos: ManagerConfig<AdminVideoJson, VideoInput> = {
  endpoint: VIDEOS_ENDPOINT,
  heading: "Videos",
  newLabel: "New Video",
  loadingText: "Loading...",
  noun: "video",
  nounTitle: "Video",
  publicPath: (video) => videoPath(video.slug),
  confirmDelete: "Are you sure you want to delete the video.",
  toasts: {
    created: "Video Created",
    updated: "Video Updated",
    deleted: "Video Deleted",
    createFailed: "Failed to create video.",
    updateFailed: "Failed to update video.",
    deleteFailed: "Failed to delete video.",
  },
  published: (item) => <EmailThis field="videoIds" itemId={item.id} noun="video" />,
  historyFields: historyFields([{ name: "description", label: "Description" }]),
  cover: (item) => item.thumbnailUrl,
  card: (video) => (
    <>
      <h2 className="card__title">{video.title}</h2>
      <p className="meta">
        <span className="badge badge--warm">{video.category}</span>
        {video.featured && <span className="badge">Featured</span>}
        <span>
          Meh Rating {video.mehRating}/{MEH_RATING.max}
        </span>
        <span>{formatDuration(video.duration)}</span>
        {video.publishedAt && <span>{formatDate(video.publishedAt)}</span>}
      </p>
    </>
  ),
  form: (props) => <VideoForm key={props.item?.id ?? "new"} {...props} />,
};

/** The video manager: list, view, edit, delete, and the video dialog. */
export default function VideoManager({ startWithNew = false }: { startWithNew?: boolean }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <ManagerShell config={videos} startWithNew={startWithNew} />
    </QueryClientProvider>
  );
}
