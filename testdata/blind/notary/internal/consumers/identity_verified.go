package consumers

import (
	"context"

	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/events"
)

type Claimer interface {
	Claim(ctx context.Context, consumer, msgID string) (bool, error)
}

type SessionAdvancer interface {
	AdvanceToReady(ctx context.Context, sessionID string) error
}

// IdentityVerified assigns a notary once the signer passed proofing.
type IdentityVerified struct {
	Tx        dbx.TxRunner
	Processed Claimer
	Sessions  SessionAdvancer
}

const identityVerifiedConsumer = "session-ready"

func (h *IdentityVerified) Handle(ctx context.Context, d events.Delivery, ev events.IdentityVerified) error {
	return h.Tx.InTx(ctx, func(ctx context.Context) error {
		first, err := h.Processed.Claim(ctx, identityVerifiedConsumer, d.MsgID)
		if err != nil || !first {
			return err
		}
		return h.Sessions.AdvanceToReady(ctx, ev.SessionID)
	})
}
