package ledger

import (
	"context"
	"fmt"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/events"
	"github.com/lenslane/photomarket/internal/store"
)

// TxRunner runs a unit of work in a transaction.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(tx store.Tx) error) error
}

// PaymentConsumer posts client payments to the ledger.
type PaymentConsumer struct {
	Store TxRunner
}

const paymentHandlerName = "ledger.payment_succeeded"

// Handle is the watermill handler for payment.succeeded.
func (c *PaymentConsumer) Handle(msg *message.Message) error {
	ev, err := events.Decode[events.PaymentSucceeded](msg)
	if err != nil {
		return err
	}
	ctx := msg.Context()
	return c.Store.WithTx(ctx, func(tx store.Tx) error {
		n, err := tx.Q.InsertProcessedMessage(ctx, db.InsertProcessedMessageParams{
			Handler:   paymentHandlerName,
			MessageID: msg.UUID,
		})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		revenue := AccountPlatformRevenue
		if ev.Kind == "print" {
			revenue = AccountPrintRevenue
		}
		return PostWith(ctx, tx.Q,
			Entry{
				BookingID: ev.BookingID, Account: AccountClientFunds,
				AmountCents: -ev.AmountCents, Currency: ev.Currency,
				Memo: fmt.Sprintf("%s payment", ev.Kind), SourceRef: ev.IntentID,
			},
			Entry{
				BookingID: ev.BookingID, Account: revenue,
				AmountCents: ev.AmountCents, Currency: ev.Currency,
				Memo: fmt.Sprintf("%s payment", ev.Kind), SourceRef: ev.IntentID,
			},
		)
	})
}
