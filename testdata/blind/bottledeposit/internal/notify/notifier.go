// Package notify sends customers text messages about their wallet.
package notify

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/pantloop/deposit/internal/bus"
	"github.com/pantloop/deposit/internal/events"
	"github.com/pantloop/deposit/internal/pgutil"
	"github.com/pantloop/deposit/internal/sms"
	"github.com/pantloop/deposit/internal/store"
	"github.com/pantloop/deposit/internal/txn"
)

const templateCredited = "wallet_credited"

type Notifier struct {
	pool   txn.Pool
	sender sms.Sender
	log    *slog.Logger
}

func NewNotifier(pool txn.Pool, sender sms.Sender, log *slog.Logger) *Notifier {
	return &Notifier{pool: pool, sender: sender, log: log}
}

// WalletCredited texts the customer the amount credited for a return.
func (n *Notifier) WalletCredited(ctx context.Context, ev events.WalletCredited) error {
	id, err := uuid.Parse(ev.WalletID)
	if err != nil {
		return bus.Permanent(err)
	}
	q := store.New(n.pool)
	w, err := q.GetWallet(ctx, id)
	if pgutil.IsNoRows(err) {
		return bus.Permanent(fmt.Errorf("wallet %s not found", id))
	}
	if err != nil {
		return err
	}
	if !w.SmsOptIn {
		return nil
	}

	text := fmt.Sprintf("Pantloop: %d containers returned, %s credited. Balance: %s.",
		ev.Containers, euros(ev.AmountCents), euros(ev.BalanceCents))
	msgID, err := n.sender.Send(ctx, w.Phone, text)
	if err != nil {
		return err
	}
	if msgID == "" {
		return nil
	}
	return q.InsertNotificationLog(ctx, store.InsertNotificationLogParams{
		WalletID:      id,
		Channel:       "sms",
		Template:      templateCredited,
		Ref:           "credited:" + ev.ReturnEventID,
		ProviderMsgID: msgID,
	})
}

func euros(cents int64) string {
	return fmt.Sprintf("€%d.%02d", cents/100, cents%100)
}
