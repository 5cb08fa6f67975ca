import type { PGlite } from '@electric-sql/pglite';
import type { NotificationResponseMessage } from 'pg-protocol/dist/messages.js';

type Listener = (payload: string) => void;
type AnyChannelListener = (channel: string, payload: string) => void;

/** A channel as PostgreSQL names it: folded to lower case unless quoted (as PGlite's `listen` names it). */
const channelName = (channel: string) =>
  channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();

/**
 * PGlite's LISTEN, for statements whose replies PGlite does not read itself (pglite-replies.ts): a
 * notification reaches the listeners of the reply it arrives in, and PGlite only hears those it parses.
 * Listeners are registered with PGlite as well, which still hears the replies it reads (a transaction's
 * commit, its own queries); each notification arrives in exactly one reply, so none is heard twice.
 * Listeners are called in a microtask of their own, as PGlite calls them.
 */
export function notificationsOf(client: PGlite) {
  const byChannel = new Map<string, Set<Listener>>();
  const anyChannel = new Set<AnyChannelListener>();

  const forget = (channel: string, callback?: Listener) => {
    const name = channelName(channel);
    if (callback) byChannel.get(name)?.delete(callback);
    else byChannel.delete(name);
  };

  /** Hands a notification read from a reply to its listeners. */
  const heard = (notification: NotificationResponseMessage) => {
    for (const callback of byChannel.get(notification.channel) ?? [])
      queueMicrotask(() => callback(notification.payload));
    for (const callback of anyChannel)
      queueMicrotask(() => callback(notification.channel, notification.payload));
  };

  /** PGlite's methods for listening, as the shop's client offers them. */
  const methods = {
    async listen(...[channel, callback, tx]: Parameters<PGlite['listen']>) {
      const unlisten = await client.listen(channel, callback, tx);
      const name = channelName(channel);
      byChannel.set(name, (byChannel.get(name) ?? new Set()).add(callback));
      return async (...args: Parameters<typeof unlisten>) => {
        forget(channel, callback);
        await unlisten(...args);
      };
    },
    async unlisten(...[channel, callback, tx]: Parameters<PGlite['unlisten']>) {
      forget(channel, callback);
      await client.unlisten(channel, callback, tx);
    },
    onNotification(callback: AnyChannelListener) {
      anyChannel.add(callback);
      const off = client.onNotification(callback);
      return () => {
        anyChannel.delete(callback);
        off();
      };
    },
    offNotification(callback: AnyChannelListener) {
      anyChannel.delete(callback);
      client.offNotification(callback);
    },
  };
  return { heard, methods };
}
