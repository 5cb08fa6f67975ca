import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { notify } from '#web/lib/notify.tsx';
import { useInbox, useMarkRead } from '../api/inbox';

/** The messages sent from the home page's feedback form, newest first. */
export function Inbox() {
  const inbox = useInbox();
  const markRead = useMarkRead();
  return (
    <DashboardPage
      headingId="inbox-heading"
      title={
        <>
          Feedback{' '}
          {inbox.data ? (
            <span className="badge badge-primary align-middle">{inbox.data.unread} unread</span>
          ) : null}
        </>
      }
    >
      <QueryView
        query={inbox}
        loadingLabel="Loading messages…"
        errorTitle="The messages could not be loaded."
        isEmpty={(data) => data.messages.length === 0}
        empty={<p>No messages yet.</p>}
      >
        {(data) => (
          <ul className="flex flex-col gap-3">
            {data.messages.map((message) => (
              <li
                key={message._id}
                className={`card bg-base-100 shadow ${message.read ? '' : 'border-l-4 border-primary'}`}
              >
                <article className="card-body gap-1">
                  <h2 className="font-semibold">
                    {message.name} <span className="font-normal opacity-80">&lt;{message.email}&gt;</span>
                    {message.location ? (
                      <span className="font-normal opacity-80"> · {message.location}</span>
                    ) : null}
                  </h2>
                  <time className="text-xs opacity-80" dateTime={message.createdAt}>
                    {new Date(message.createdAt).toLocaleString()}
                  </time>
                  <p className="whitespace-pre-line">{message.message}</p>
                  {message.read ? (
                    <p className="text-sm opacity-80">Read</p>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-sm self-start"
                      disabled={markRead.isPending}
                      onClick={() =>
                        markRead.mutate(message._id, {
                          onError: (error) => notify.error(errorMessage(error)),
                        })
                      }
                    >
                      Mark as read
                    </button>
                  )}
                </article>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </DashboardPage>
  );
}
