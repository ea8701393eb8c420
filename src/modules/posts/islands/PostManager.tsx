import { QueryClientProvider, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { apiRequest } from "@/lib/api-request";
import { getQueryClient } from "@/lib/query-client";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { PostForm } from "../components/PostForm";
import type { PostInput } from "../schema";
import type { PostImageJson, PostJson } from "../serialize";

const POSTS = ["/api/posts"];

/** The post manager (SPEC §2 /admin/posts): list, view, edit, delete, and the post dialog. */
export default function PostManager({ startWithNew = false }: { startWithNew?: boolean }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <Manager startWithNew={startWithNew} />
    </QueryClientProvider>
  );
}

type Editing = { mode: "new" } | { mode: "edit"; post: PostJson } | null;

function Manager({ startWithNew }: { startWithNew: boolean }) {
  const queryClient = useQueryClient();
  const posts = useQuery<PostJson[]>({ queryKey: POSTS });
  const [editing, setEditing] = useState<Editing>(startWithNew ? { mode: "new" } : null);
  const images = useQuery<PostImageJson[]>({
    queryKey: [editing?.mode === "edit" ? `/api/posts/${String(editing.post.id)}/images` : ""],
    enabled: editing?.mode === "edit",
  });
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (editing && !dialog.current?.open) dialog.current?.showModal();
    if (!editing && dialog.current?.open) dialog.current.close();
  }, [editing]);

  const save = useMutation({
    mutationFn: (input: PostInput) =>
      editing?.mode === "edit"
        ? apiRequest<PostJson>("PUT", `/api/posts/${String(editing.post.id)}`, input)
        : apiRequest<PostJson>("POST", "/api/posts", input),
    onSuccess: async () => {
      toast({ title: editing?.mode === "edit" ? "Post Updated" : "Post Created" });
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: POSTS });
    },
    onError: () => {
      toast({
        title: "Error",
        description: editing?.mode === "edit" ? "Failed to update blog post." : "Failed to create blog post.",
        variant: "destructive",
      });
    },
  });

  const remove = useMutation({
    mutationFn: (post: PostJson) => apiRequest("DELETE", `/api/posts/${String(post.id)}`),
    onSuccess: async () => {
      toast({ title: "Post Deleted" });
      await queryClient.invalidateQueries({ queryKey: POSTS });
    },
    onError: () => {
      toast({ title: "Error", description: "Failed to delete blog post.", variant: "destructive" });
    },
  });

  return (
    <div className="manager">
      <div className="manager__bar">
        <h1>Posts</h1>
        <button
          className="button"
          type="button"
          onClick={() => {
            setEditing({ mode: "new" });
          }}
        >
          New Post
        </button>
      </div>
      {posts.isPending ? (
        <p role="status">Loading posts...</p>
      ) : (
        <ul className="manager__list">
          {(posts.data ?? []).map((post) => (
            <li key={post.id} className="card manager__card">
              <div className="card__body">
                <h2 className="card__title">{post.title}</h2>
                <p className="meta">
                  <span className="badge">{post.category}</span>
                  {post.featured && <span className="badge badge--warm">Featured</span>}
                  <span>Meh Rating {post.mehRating}/5</span>
                  <span>{formatDate(post.publishedAt)}</span>
                </p>
                <p className="card__excerpt">{post.excerpt}</p>
                <p className="manager__actions">
                  <a className="button button--quiet" href={`/post/${post.slug}`} target="_blank" rel="noopener">
                    View<span className="visually-hidden"> {post.title} (opens in a new tab)</span>
                  </a>
                  <button
                    className="button button--quiet"
                    type="button"
                    onClick={() => {
                      setEditing({ mode: "edit", post });
                    }}
                  >
                    Edit<span className="visually-hidden"> {post.title}</span>
                  </button>
                  <button
                    className="button button--quiet"
                    type="button"
                    onClick={() => {
                      if (window.confirm("Are you sure you want to delete the post.")) remove.mutate(post);
                    }}
                  >
                    Delete<span className="visually-hidden"> {post.title}</span>
                  </button>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <dialog
        ref={dialog}
        className="manager__dialog"
        aria-label={editing?.mode === "edit" ? "Edit post" : "New post"}
        onClose={() => {
          setEditing(null);
        }}
      >
        {editing && (editing.mode === "new" || !images.isPending) && (
          <PostForm
            key={editing.mode === "edit" ? editing.post.id : "new"}
            post={editing.mode === "edit" ? editing.post : undefined}
            images={editing.mode === "edit" ? images.data : undefined}
            pending={save.isPending}
            onSubmit={(input) => {
              save.mutate(input);
            }}
            onCancel={() => {
              setEditing(null);
            }}
          />
        )}
      </dialog>
    </div>
  );
}
