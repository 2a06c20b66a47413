import { Form } from "react-router";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, isWellFormedId, readForm } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { parseSeason } from "~/features/teams/core/leaderboard";
import { SeasonError, createSeason, listSeasons, updateSeason } from "~/features/teams/leaderboard.server";
import { AnswerNotice, EmptyNote, LabeledInput, PageTitle, cardClass, primaryButton, secondaryButton } from "../components/admin-ui";
import { staffContext } from "../context.server";
import type { Route } from "./+types/seasons";

/** Staff set the platform's seasons (docs/teams.md): a name and a date range; each save is audited and rebuilds its leaderboards. */
export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  const seasons = await listSeasons(db());
  return { seasons: seasons.map((row) => ({ id: row.id, name: row.name, startsOn: row.startsOn, endsOn: row.endsOn })), messages };
}

export async function action({ request }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const fields = formFields(await readForm(request));
  const parsed = parseSeason(fields);
  if (fields.intent !== "create" && fields.intent !== "update") return fail("UNKNOWN_INTENT");
  if (!parsed.ok) return fail(parsed.code);
  try {
    if (fields.intent === "create") {
      await createSeason(db(), staff.id, parsed.season);
      return succeed({ done: "created" as const });
    }
    if (!isWellFormedId(fields.seasonId)) return fail("SEASON_NOT_FOUND", 404);
    await updateSeason(db(), staff.id, fields.seasonId, parsed.season);
    return succeed({ done: "updated" as const });
  } catch (error) {
    if (error instanceof SeasonError) return fail(error.code, 404);
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "seasons.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

function SeasonFields({ season }: { season?: { name: string; startsOn: string; endsOn: string } }) {
  const { t } = useTranslation("admin");
  return (
    <>
      <LabeledInput label={t("seasons.name")} name="name" required minLength={2} maxLength={40} defaultValue={season?.name} />
      <LabeledInput label={t("seasons.startsOn")} type="date" name="startsOn" required defaultValue={season?.startsOn} />
      <LabeledInput label={t("seasons.endsOn")} type="date" name="endsOn" required defaultValue={season?.endsOn} />
    </>
  );
}

export default function AdminSeasonsPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("admin");
  return (
    <section className="mx-auto max-w-5xl px-4 py-8" data-testid="admin-seasons">
      <PageTitle title={t("seasons.title")} subtitle={t("seasons.subtitle")} />
      <AnswerNotice answer={actionData} done={actionData?.ok ? t(`seasons.done.${actionData.done}`) : undefined} />
      <Form method="post" className={`${cardClass} mb-8 flex flex-wrap items-end gap-3`} data-testid="season-new">
        <h2 className="w-full text-lg font-bold">{t("seasons.newTitle")}</h2>
        <input type="hidden" name="intent" value="create" />
        <SeasonFields />
        <button type="submit" className={primaryButton}>
          {t("seasons.create")}
        </button>
      </Form>
      {loaderData.seasons.length === 0 ? (
        <EmptyNote>{t("seasons.empty")}</EmptyNote>
      ) : (
        <ul className="flex flex-col gap-3">
          {loaderData.seasons.map((season) => (
            <li key={season.id} data-testid="season-row">
              <Form method="post" className={`${cardClass} flex flex-wrap items-end gap-3`}>
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="seasonId" value={season.id} />
                <SeasonFields season={season} />
                <button type="submit" className={secondaryButton}>
                  {t("seasons.save")}
                </button>
                <a href={`/leaderboards/mobile-legends?season=${season.id}`} className="text-sm text-cyan-300 underline">
                  {t("seasons.view")}
                </a>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
