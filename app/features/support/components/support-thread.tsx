import type { ReactNode } from "react";

/**
 * A support message and the staff's replies under it, as the player and the staff see them; each
 * side writes a reply's stamp (when, and for the player who answered) in its own way.
 */
export function SupportThread<Reply extends { id: string; body: string }>(props: {
  message: string;
  replies: readonly Reply[];
  replyTestId: string;
  stampClassName: string;
  stamp: (reply: Reply) => ReactNode;
}) {
  return (
    <>
      <p className="mt-2 text-sm break-words whitespace-pre-wrap">{props.message}</p>
      {props.replies.map((reply) => (
        <div key={reply.id} className="mt-3 rounded-lg border-l-4 border-cyan-400 bg-slate-900/60 p-3" data-testid={props.replyTestId}>
          <p className={props.stampClassName}>{props.stamp(reply)}</p>
          <p className="mt-1 text-sm break-words whitespace-pre-wrap">{reply.body}</p>
        </div>
      ))}
    </>
  );
}
