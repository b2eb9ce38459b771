package consumers

import (
	"context"
	"fmt"

	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/domain"
	"github.com/sealpoint-labs/notary/internal/events"
)

type ProcessedStore interface {
	Seen(ctx context.Context, consumer, msgID string) (bool, error)
	Mark(ctx context.Context, consumer, msgID string) error
}

type EarningsLedger interface {
	Credit(ctx context.Context, e domain.Earning) error
	AddToBalance(ctx context.Context, notaryID string, cents int64) error
}

type SessionReader interface {
	Get(ctx context.Context, id string) (domain.Session, error)
}

// FeeCaptured credits the notary's share of a captured fee.
type FeeCaptured struct {
	Tx         dbx.TxRunner
	Processed  ProcessedStore
	Earnings   EarningsLedger
	Sessions   SessionReader
	ShareBasis int64 // basis points of the fee paid to the notary
}

const feeCapturedConsumer = "notary-earnings"

func (h *FeeCaptured) Handle(ctx context.Context, d events.Delivery, ev events.FeeCaptured) error {
	seen, err := h.Processed.Seen(ctx, feeCapturedConsumer, d.MsgID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	sess, err := h.Sessions.Get(ctx, ev.SessionID)
	if err != nil {
		return err
	}
	if sess.NotaryID == nil {
		return fmt.Errorf("session %s has no notary yet", sess.ID)
	}
	share := ev.AmountCents * h.ShareBasis / 10_000

	err = h.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := h.Earnings.Credit(ctx, domain.Earning{NotaryID: *sess.NotaryID, FeeID: ev.FeeID, AmountCents: share}); err != nil {
			return err
		}
		return h.Earnings.AddToBalance(ctx, *sess.NotaryID, share)
	})
	if err != nil {
		return err
	}
	return h.Processed.Mark(ctx, feeCapturedConsumer, d.MsgID)
}
