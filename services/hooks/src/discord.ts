// The Discord format (docs/webhooks.md#discord): an endpoint that is a Discord webhook gets an
// embed instead of Depot's JSON: the pack, the build, the changelog's summary line and a link,
// within Discord's limits (title 256 characters, description 4,096, 6,000 in all).
import type { ChangeSummary, WebhookBody } from './payloads';

const TITLE_MAX = 256;
const DESCRIPTION_MAX = 4096;
const COLOR = 0x2f80ed;

export interface DiscordMessage {
  username: string;
  embeds: { title: string; description: string; url?: string; color: number; timestamp: string }[];
}

type Ref = { slug?: string | null; name?: string | null; version?: string } | null | undefined;

/** "added 2, removed 1, updated 3" (the parts that are not 0; "no mod changes" when none is). */
export function summaryLine(s: ChangeSummary): string {
  const parts = (['added', 'removed', 'updated'] as const).filter((k) => s[k] > 0).map((k) => `${k} ${s[k]}`);
  return parts.length ? parts.join(', ') : 'no mod changes';
}

export function discordMessage(body: WebhookBody): DiscordMessage {
  const d = body.data;
  const pack = d.modpack as Ref;
  const packName = pack?.name ?? pack?.slug ?? 'A modpack';
  let title: string;
  let description: string;
  switch (body.event) {
    case 'build.published': {
      const build = d.build as Ref;
      const summary = d.changelog as ChangeSummary | null;
      title = `${packName} ${build?.version ?? ''} released`;
      const lines = [summary ? `${summaryLine(summary)}${summary.from ? ` since ${summary.from}` : ''}` : ''];
      if (d.notes) lines.push('', String(d.notes));
      description = lines.join('\n');
      break;
    }
    case 'build.promoted':
      title = `${packName}: ${String(d.which)} is now ${String(d.to ?? 'none')}`;
      description = `${String(d.which)} was ${String(d.from ?? 'none')}.`;
      break;
    case 'build.changed':
      title = `${packName}: a published build changed`;
      description = 'A build launchers can see was changed.';
      break;
    case 'modpack.deleted':
      title = `${packName} was deleted`;
      description = 'The modpack and its builds are gone.';
      break;
    case 'mod.version.added': {
      const mod = d.mod as Ref;
      const version = d.version as Ref;
      title = `${mod?.slug ?? 'A mod'} ${version?.version ?? ''}: a new version`;
      description = 'A mod version was added to Depot.';
      break;
    }
    default:
      title = 'Depot test event';
      description = String(d.message ?? '');
  }
  const url = typeof d.changelog_url === 'string' ? d.changelog_url : undefined;
  return {
    username: 'Depot',
    embeds: [
      {
        title: cut(title.trim(), TITLE_MAX),
        description: cut(description, DESCRIPTION_MAX),
        ...(url ? { url } : {}),
        color: COLOR,
        timestamp: body.created_at,
      },
    ],
  };
}

/** At most `max` characters (code points), an ellipsis marking a cut. */
function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
