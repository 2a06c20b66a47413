import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field, Input, Select, TextArea } from "~/components/ui/field";
import { IntentButton } from "~/components/ui/intent-button";
import { emailSchema } from "~/domain/email";
import { formatDate, platformToday } from "~/domain/format";
import { GAMES } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { zonedDateTime } from "~/features/admin/core/tournament-form";
import { fail, fieldErrorsOfAnswer, succeed, typedOf } from "~/lib/answer";
import { env } from "~/lib/env.server";
import { db } from "~/lib/db.server";
import { formFields, readForm, typedFields } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { OrganizationFields } from "../components/organization-fields";
import { organizationShown } from "../core/logo";
import {
  BAN_REASON_MAX,
  INVITE_TTL_DAYS,
  isInvitableRole,
  isOrgRole,
  orgMay,
  parseBanForm,
  parseOrgForm,
  standingOf,
  type OrgAction,
  type OrgRole,
} from "../core/rules";
import { removeOrganizationLogo, storeOrganizationLogo } from "../organization-logos.server";
import {
  OrganizationError,
  addMember,
  banPlayer,
  createOrgInvite,
  liftPlayerBan,
  listMembers,
  listOpenInvites,
  listPlayerBans,
  organizationTournaments,
  revokeOrgInvite,
  setMemberRole,
  setOrganizationLogo,
  updateOrganization,
} from "../organizations.server";
import { requireOrgMember, type OrgContext } from "../operator.server";
import type { Route } from "./+types/manage";
import { OrganizationHeading } from "../components/organization-heading";

// Plain forms that post; no React runtime (docs/decisions/002). One page, phone first.
export const handle: RouteHandle = { hydrate: false };

/** What this member may do here (platform staff may everything). */
function may(context: OrgContext, action: OrgAction) {
  return context.role === "platform" || orgMay(context.role, action, standingOf(context.organization));
}

/** The organization's management page: its tournaments, members, player bans and details (docs/organizations.md). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const context = await requireOrgMember(request, params.slug, "see_manage");
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const { organization } = context;
  const [tournaments, members, bans, invites] = await Promise.all([
    organizationTournaments(db(), organization.id, true),
    listMembers(db(), organization.id),
    may(context, "ban_players") ? listPlayerBans(db(), organization.id) : Promise.resolve([]),
    may(context, "invite_member") ? listOpenInvites(db(), organization.id) : Promise.resolve([]),
  ]);
  const done = new URL(request.url).searchParams.get("done");
  return {
    organization: {
      ...organizationShown(organization),
      bannedReason: organization.bannedReason,
      revoked: organization.revokedAt !== null,
      revokedReason: organization.revokedReason,
    },
    role: context.role,
    me: context.user.id,
    may: {
      run: may(context, "run_tournament"),
      create: may(context, "create_tournament"),
      edit: may(context, "edit_tournament"),
      invite: may(context, "invite_member"),
      members: may(context, "manage_members"),
      ban: may(context, "ban_players"),
      details: may(context, "edit_organization"),
    },
    created: done === "created",
    today: platformToday(),
    tournaments: tournaments.map((tournament) => ({
      id: tournament.id,
      title: tournament.title,
      game: GAMES[tournament.game as keyof typeof GAMES]?.name ?? tournament.game,
      date: formatDate(tournament.date, language),
      status: tournament.status,
    })),
    members: members.map((member) => ({ userId: member.userId, email: member.email, name: member.name, role: member.role })),
    bans: bans.map((ban) => ({ id: ban.id, email: ban.email, reason: ban.reason, until: formatDate(ban.endsAt, language) })),
    invites: invites.map((invite) => ({
      id: invite.id,
      role: invite.role as OrgRole,
      until: formatDate(invite.expiresAt, language),
      by: invite.createdBy,
    })),
    inviteDays: INVITE_TTL_DAYS,
    messages: loadMessages(language, ["organizations", "admin"]),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const context = await requireOrgMember(request, params.slug, "see_manage");
  const { organization, user } = context;
  const form = await readForm(request);
  const fields = formFields(form);
  const intent = fields.intent ?? "";
  if (!(await withinLimit(db(), "organizationWrite", user.id))) return fail("RATE_LIMITED", 429);
  try {
    switch (intent) {
      case "details": {
        if (!may(context, "edit_organization")) return fail("NOT_ALLOWED", 403);
        const typed = typedFields(form, (name) => ["name", "description", "links"].includes(name), 2000);
        const parsed = parseOrgForm({ ...fields, slug: organization.slug });
        if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, errors: parsed.errors, typed, intent });
        await updateOrganization(db(), user.id, organization, parsed.values);
        return succeed({ done: "details" });
      }
      case "add-member": {
        if (!may(context, "invite_member")) return fail("NOT_ALLOWED", 403);
        const email = emailSchema.safeParse(fields.email ?? "");
        if (!email.success) return fail("EMAIL_INVALID", 400, { field: "email", intent });
        const role = fields.role === "admin" || fields.role === "staff" ? fields.role : null;
        if (!role) return fail("ROLE_INVALID", 400, { field: "role", intent });
        await addMember(db(), user.id, organization.id, email.data, role);
        return succeed({ done: "memberAdded" });
      }
      case "create-invite": {
        if (!may(context, "invite_member")) return fail("NOT_ALLOWED", 403);
        if (!isInvitableRole(fields.role)) return fail("ROLE_INVALID", 400, { field: "invite-role", intent });
        const invite = await createOrgInvite(db(), { actorId: user.id, organizationId: organization.id, role: fields.role });
        // The token is shown this once: only its hash is kept.
        return succeed({ done: "inviteCreated", link: `${env().publicUrl}/organizations/join/${invite.token}`, role: fields.role });
      }
      case "revoke-invite": {
        if (!may(context, "invite_member")) return fail("NOT_ALLOWED", 403);
        await revokeOrgInvite(db(), user.id, organization.id, fields.inviteId ?? "");
        return succeed({ done: "inviteRevoked" });
      }
      case "logo":
      case "remove-logo": {
        if (!may(context, "edit_organization")) return fail("NOT_ALLOWED", 403);
        let stored: string | null = null;
        if (intent === "logo") {
          const file = form.get("logo");
          if (!file || typeof file === "string" || file.size === 0) return fail("LOGO_MISSING", 400, { field: "logo", intent });
          const logo = await storeOrganizationLogo(new Uint8Array(await file.arrayBuffer()));
          if (!logo.ok) return fail(logo.code, 400, { field: "logo", intent });
          stored = logo.path;
        }
        // A refused save forgets the stored file; a done one forgets the logo it replaced.
        const replaced = await setOrganizationLogo(db(), user.id, organization.id, stored).catch(async (error: unknown) => {
          await removeOrganizationLogo(stored);
          throw error;
        });
        await removeOrganizationLogo(replaced);
        return succeed({ done: stored ? "logoSet" : "logoRemoved" });
      }
      case "role":
      case "remove": {
        if (!may(context, "manage_members")) return fail("NOT_ALLOWED", 403);
        const role: OrgRole | null = intent === "remove" ? null : isOrgRole(fields.role) ? fields.role : null;
        if (intent === "role" && !role) return fail("ROLE_INVALID", 400, { intent });
        await setMemberRole(db(), user.id, organization.id, fields.userId ?? "", role);
        return succeed({ done: intent === "remove" ? "memberRemoved" : "roleChanged" });
      }
      case "ban": {
        if (!may(context, "ban_players")) return fail("NOT_ALLOWED", 403);
        const typed = typedFields(form, (name) => ["email", "reason", "until"].includes(name), BAN_REASON_MAX);
        const email = emailSchema.safeParse(fields.email ?? "");
        if (!email.success) return fail("EMAIL_INVALID", 400, { field: "ban-email", typed, intent });
        const parsed = parseBanForm(fields, platformToday());
        if (!parsed.ok) return fail(parsed.code, 400, { field: `ban-${parsed.field}`, typed, intent });
        // The ban holds to the end of its last day in the platform's time zone.
        const endsAt = zonedDateTime(`${parsed.until}T23:59`);
        if (!endsAt) return fail("BAN_END_INVALID", 400, { field: "ban-until", typed, intent });
        await banPlayer(db(), { actorId: user.id, organizationId: organization.id, email: email.data, reason: parsed.reason, endsAt });
        return succeed({ done: "banned" });
      }
      case "lift-ban": {
        if (!may(context, "ban_players")) return fail("NOT_ALLOWED", 403);
        await liftPlayerBan(db(), user.id, organization.id, fields.banId ?? "");
        return succeed({ done: "banLifted" });
      }
      default:
        return fail("UNKNOWN_INTENT");
    }
  } catch (error) {
    if (error instanceof OrganizationError)
      return fail(error.code, error.code === "NOT_FOUND" ? 404 : 409, {
        intent,
        field:
          error.code === "USER_NOT_FOUND"
            ? intent === "ban"
              ? "ban-email"
              : "email"
            : error.code === "ORG_NAME_TAKEN"
              ? "name"
              : undefined,
      });
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "organizations", "manage.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

const sectionClass = "mt-10 rounded-2xl border border-slate-800 bg-arena-panel p-4 sm:p-5";

export default function ManageOrganizationPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("organizations");
  const { organization, may: allowed } = loaderData;
  const refusal = actionData && !actionData.ok ? (actionData as { code: string; field?: string; intent?: string }) : null;
  const typed = typedOf(actionData);
  const done = actionData?.ok ? (actionData as { done: string }).done : loaderData.created ? "created" : null;
  const inviteLink = actionData?.ok && "link" in actionData ? (actionData as unknown as { link: string; role: OrgRole }) : null;
  const refusalFor = (intent: string) => (refusal?.intent === intent ? refusal : null);
  const errorFor = (field: string) =>
    refusal?.field === field ? (
      <span data-testid={`manage-error-${field}`}>{t(`errors.${refusal.code}`, { defaultValue: t("errors.UNKNOWN") })}</span>
    ) : undefined;
  const base = `/organizations/${organization.slug}/manage`;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10" data-testid="organization-manage">
      <p className="text-sm text-slate-400">{t("manage.title")}</p>
      <OrganizationHeading logoUrl={organization.logoUrl} logoTestId="manage-logo" size="small">
        {organization.name}
      </OrganizationHeading>
      <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
        <span className="text-slate-300">{t(`roles.${loaderData.role}`)}</span>
        <a href={`/organizations/${organization.slug}`} className="py-2 text-cyan-300 underline" data-testid="organization-public-link">
          {t("manage.publicPage")}
        </a>
      </p>
      {organization.banned ? (
        <Alert tone="error" testId="organization-banned">
          {t("manage.banned", { reason: organization.bannedReason ?? "" })}
        </Alert>
      ) : null}
      {organization.revoked ? (
        <Alert tone="error" testId="organization-revoked">
          {t("manage.revoked", { reason: organization.revokedReason ?? "" })}
        </Alert>
      ) : null}
      {done ? (
        <Alert tone="success" testId="manage-done">
          {t(`manage.done.${done}`)}
        </Alert>
      ) : null}
      {refusal && !refusal.field ? (
        <Alert tone="error" testId="manage-error">
          {t(`errors.${refusal.code}`, { defaultValue: t("errors.UNKNOWN") })}
        </Alert>
      ) : null}

      <section className={sectionClass} aria-labelledby="org-tournaments">
        <h2 id="org-tournaments" className="text-xl font-bold">
          {t("manage.tournaments")}
        </h2>
        {loaderData.tournaments.length === 0 ? <p className="mt-2 text-slate-400">{t("manage.noTournaments")}</p> : null}
        <ul className="mt-3 flex flex-col gap-3">
          {loaderData.tournaments.map((tournament) => (
            <li key={tournament.id} className="rounded-xl border border-slate-700 p-3" data-testid="manage-tournament">
              <p className="font-bold break-words">{tournament.title}</p>
              <p className="flex flex-wrap gap-x-3 text-sm text-slate-300">
                <span>{tournament.game}</span>
                <span>{tournament.date}</span>
                <span data-testid="manage-tournament-status">
                  {t(`admin:tournaments.statuses.${tournament.status}`, { defaultValue: tournament.status })}
                </span>
              </p>
              <p className="mt-1 flex flex-wrap gap-x-4">
                {allowed.edit ? (
                  <a
                    href={`${base}/tournaments/${tournament.id}`}
                    className="py-2 text-sm font-semibold text-cyan-300 underline"
                    data-testid="manage-tournament-edit"
                  >
                    {t("manage.edit")}
                  </a>
                ) : null}
                {allowed.run ? (
                  <a
                    href={`${base}/tournaments/${tournament.id}/run`}
                    className="py-2 text-sm font-semibold text-cyan-300 underline"
                    data-testid="manage-tournament-run"
                  >
                    {t("manage.run")}
                  </a>
                ) : null}
                {allowed.run ? (
                  <a
                    href={`${base}/tournaments/${tournament.id}/registrations`}
                    className="py-2 text-sm font-semibold text-cyan-300 underline"
                    data-testid="manage-tournament-registrations"
                  >
                    {t("manage.registrations")}
                  </a>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
        {allowed.create ? (
          <a href={`${base}/tournaments/new`} className={`${buttonClass("primary", "md")} mt-4`} data-testid="manage-new-tournament">
            {t("manage.newTournament")}
          </a>
        ) : null}
      </section>

      <section className={sectionClass} aria-labelledby="org-members">
        <h2 id="org-members" className="text-xl font-bold">
          {t("manage.members")}
        </h2>
        <ul className="mt-3 flex flex-col gap-3">
          {loaderData.members.map((member) => (
            <li key={member.userId} className="rounded-xl border border-slate-700 p-3" data-testid="manage-member">
              <p className="font-semibold break-all">{member.name || member.email}</p>
              <p className="text-sm break-all text-slate-400">{member.email}</p>
              <p className="text-sm text-slate-300">{t(`roles.${member.role}`)}</p>
              {allowed.members && member.role !== "owner" ? (
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  <form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="userId" value={member.userId} />
                    <label className="flex flex-col gap-1 text-xs font-semibold">
                      {t("manage.role")}
                      <Select name="role" defaultValue={member.role} className="w-32">
                        <option value="admin">{t("roles.admin")}</option>
                        <option value="staff">{t("roles.staff")}</option>
                      </Select>
                    </label>
                    <button type="submit" className={buttonClass("secondary", "sm")}>
                      {t("manage.changeRole")}
                    </button>
                  </form>
                  <form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="userId" value={member.userId} />
                    <button type="submit" className={buttonClass("secondary", "sm")} data-testid="manage-remove-member">
                      {t("manage.remove")}
                    </button>
                  </form>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        {allowed.invite ? (
          <form method="post" noValidate className="mt-4 flex flex-col gap-3" data-testid="manage-add-member">
            <input type="hidden" name="intent" value="add-member" />
            <Field label={t("manage.memberEmail")} hint={t("manage.memberEmailHint")} error={errorFor("email")}>
              <Input
                name="email"
                type="email"
                autoComplete="off"
                aria-invalid={refusal?.field === "email" || undefined}
                data-testid="manage-member-email"
              />
            </Field>
            <Field label={t("manage.role")}>
              <Select name="role" defaultValue="staff" data-testid="manage-member-role">
                <option value="admin">{t("roles.admin")}</option>
                <option value="staff">{t("roles.staff")}</option>
              </Select>
            </Field>
            <button type="submit" className={buttonClass("secondary", "md")} data-testid="manage-member-add">
              {t("manage.addMember")}
            </button>
          </form>
        ) : null}
        {allowed.invite ? (
          <div className="mt-6 rounded-xl border border-cyan-500/40 bg-cyan-500/5 p-4" data-testid="manage-invites">
            <h3 className="text-lg font-bold">{t("manage.invite.title")}</h3>
            <p className="mt-1 text-sm text-slate-300">{t("manage.invite.text", { days: loaderData.inviteDays })}</p>
            {inviteLink ? (
              <Field
                label={t("manage.invite.link", { role: t(`roles.${inviteLink.role}`) })}
                hint={t("manage.invite.linkHint")}
                className="mt-4"
              >
                <Input readOnly value={inviteLink.link} data-testid="manage-invite-link" />
              </Field>
            ) : null}
            <form method="post" noValidate className="mt-4 flex flex-wrap items-end gap-2" data-testid="manage-invite-form">
              <input type="hidden" name="intent" value="create-invite" />
              <label className="flex flex-col gap-1 text-sm font-semibold">
                {t("manage.role")}
                <Select name="role" defaultValue="staff" className="w-32" data-testid="manage-invite-role">
                  <option value="admin">{t("roles.admin")}</option>
                  <option value="staff">{t("roles.staff")}</option>
                </Select>
              </label>
              <button type="submit" className={buttonClass("primary", "md")} data-testid="manage-invite-create">
                {t("manage.invite.create")}
              </button>
            </form>
            {loaderData.invites.length > 0 ? (
              <>
                <h4 className="mt-4 text-sm font-semibold text-slate-300">{t("manage.invite.open")}</h4>
                <ul className="mt-2 flex flex-col gap-2">
                  {loaderData.invites.map((invite) => (
                    <li
                      key={invite.id}
                      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-700 p-2"
                      data-testid="manage-invite"
                    >
                      <span className="min-w-0 text-sm break-words text-slate-300">
                        {t("manage.invite.row", { role: t(`roles.${invite.role}`), date: invite.until, by: invite.by })}
                      </span>
                      <IntentButton intent="revoke-invite" fields={{ inviteId: invite.id }} data-testid="manage-invite-revoke">
                        {t("manage.invite.revoke")}
                      </IntentButton>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
      </section>

      {allowed.ban ? (
        <section className={sectionClass} aria-labelledby="org-bans">
          <h2 id="org-bans" className="text-xl font-bold">
            {t("manage.bans")}
          </h2>
          <p className="mt-1 text-sm text-slate-400">{t("manage.bansExplain")}</p>
          <ul className="mt-3 flex flex-col gap-3">
            {loaderData.bans.map((ban) => (
              <li key={ban.id} className="rounded-xl border border-slate-700 p-3" data-testid="manage-ban">
                <p className="font-semibold break-all">{ban.email}</p>
                <p className="text-sm text-slate-300">{t("manage.banUntil", { date: ban.until, reason: ban.reason })}</p>
                <form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="lift-ban" />
                  <input type="hidden" name="banId" value={ban.id} />
                  <button type="submit" className={buttonClass("secondary", "sm")}>
                    {t("manage.liftBan")}
                  </button>
                </form>
              </li>
            ))}
          </ul>
          <form method="post" noValidate className="mt-4 flex flex-col gap-3" data-testid="manage-ban-form">
            <input type="hidden" name="intent" value="ban" />
            <Field label={t("manage.banEmail")} error={errorFor("ban-email")}>
              <Input
                name="email"
                type="email"
                autoComplete="off"
                defaultValue={refusalFor("ban") ? (typed.email ?? "") : ""}
                aria-invalid={refusal?.field === "ban-email" || undefined}
                data-testid="manage-ban-email"
              />
            </Field>
            <Field label={t("manage.banReason")} error={errorFor("ban-reason")}>
              <TextArea
                name="reason"
                rows={2}
                maxLength={BAN_REASON_MAX}
                defaultValue={refusalFor("ban") ? (typed.reason ?? "") : ""}
                aria-invalid={refusal?.field === "ban-reason" || undefined}
                data-testid="manage-ban-reason"
              />
            </Field>
            <Field label={t("manage.banEnd")} error={errorFor("ban-until")}>
              <Input
                name="until"
                type="date"
                min={loaderData.today}
                defaultValue={refusalFor("ban") ? (typed.until ?? "") : ""}
                aria-invalid={refusal?.field === "ban-until" || undefined}
                data-testid="manage-ban-until"
              />
            </Field>
            <button type="submit" className={buttonClass("secondary", "md")} data-testid="manage-ban-submit">
              {t("manage.banSubmit")}
            </button>
          </form>
        </section>
      ) : null}

      {allowed.details ? (
        <section className={sectionClass} aria-labelledby="org-details">
          <h2 id="org-details" className="text-xl font-bold">
            {t("manage.details")}
          </h2>
          <form method="post" encType="multipart/form-data" noValidate className="mt-3 flex flex-col gap-3" data-testid="manage-logo-form">
            <input type="hidden" name="intent" value="logo" />
            <Field label={t("manage.logo.file")} hint={t("manage.logo.hint")} error={errorFor("logo")}>
              <input
                type="file"
                name="logo"
                accept="image/png,image/jpeg,image/webp"
                aria-invalid={refusal?.field === "logo" || undefined}
                className="block w-full text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-700 file:px-3 file:py-2 file:text-slate-100"
                data-testid="manage-logo-file"
              />
            </Field>
            <button type="submit" className={buttonClass("secondary", "md")} data-testid="manage-logo-submit">
              {t(organization.logoUrl ? "manage.logo.replace" : "manage.logo.upload")}
            </button>
          </form>
          {organization.logoUrl ? (
            <IntentButton intent="remove-logo" className="mt-2" data-testid="manage-logo-remove">
              {t("manage.logo.remove")}
            </IntentButton>
          ) : null}
          <a
            href={`${base}/discord`}
            className="inline-block py-2 text-sm font-semibold text-cyan-300 underline"
            data-testid="manage-discord"
          >
            {t("manage.discord")}
          </a>
          <form method="post" noValidate className="mt-3 flex flex-col gap-4">
            <input type="hidden" name="intent" value="details" />
            <OrganizationFields
              typed={refusalFor("details") ? typed : {}}
              errors={fieldErrorsOfAnswer(refusalFor("details"))}
              withSlug={false}
              values={{ name: organization.name, description: organization.description, links: organization.links }}
            />
            <button type="submit" className={buttonClass("secondary", "md")} data-testid="manage-details-save">
              {t("manage.save")}
            </button>
          </form>
        </section>
      ) : null}
    </section>
  );
}
