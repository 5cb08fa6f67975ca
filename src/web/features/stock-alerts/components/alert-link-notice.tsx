import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { STOCK_ALERT_LINK_ACTIONS, type StockAlertLinkAction } from '#shared/contracts/stock-alert.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { useStockAlertLink } from '../api/stock-alerts';

const isAction = (value: string | null): value is StockAlertLinkAction =>
  STOCK_ALERT_LINK_ACTIONS.includes(value as StockAlertLinkAction);

/**
 * A link from a back-in-stock mail opens the part's page (`?alert=confirm&token=…` or
 * `?alert=unsubscribe&token=…`): the page carries it out once, says what it did, and drops the token
 * from the address (so that it is neither bookmarked nor sent again on a reload).
 */
export function AlertLinkNotice() {
  const [params, setParams] = useSearchParams();
  const action = params.get('alert');
  const token = params.get('token');
  const link = useStockAlertLink();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !isAction(action) || !token) return;
    sent.current = true;
    link.mutate({ action, token });
    const rest = new URLSearchParams(params);
    rest.delete('alert');
    rest.delete('token');
    setParams(rest, { replace: true });
  }, [action, token, params, setParams, link]);
  if (link.isIdle) return null;
  if (link.isPending)
    return (
      <p role="status" className="alert">
        One moment…
      </p>
    );
  return (
    <p
      role={link.isError ? 'alert' : 'status'}
      className={`alert ${link.isError ? 'alert-error' : 'alert-success'}`}
    >
      {link.isError ? errorMessage(link.error) : link.data?.message}
    </p>
  );
}
