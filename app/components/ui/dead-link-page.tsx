import type { ReactNode } from "react";
import { Alert } from "./alert";

/** The whole page when a link leads nowhere (an unknown invite): the page's title and why, as an error. */
export function DeadLinkPage(props: { testId: string; title: string; alertTestId: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16" data-testid={props.testId}>
      <h1 className="text-3xl font-extrabold">{props.title}</h1>
      <Alert tone="error" testId={props.alertTestId}>
        {props.children}
      </Alert>
    </section>
  );
}
