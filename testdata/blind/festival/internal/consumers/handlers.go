package consumers

import (
	"context"
	"errors"
	"log/slog"

	"github.com/loopgate/festival-cashless/internal/events"
	"github.com/loopgate/festival-cashless/internal/service/notify"
	"github.com/loopgate/festival-cashless/internal/service/sales"
	"github.com/loopgate/festival-cashless/internal/service/ticket"
)

type SalesApplier interface {
	ApplyBatch(ctx context.Context, b events.POSBatch) error
	ApplyVoid(ctx context.Context, v events.POSVoid) error
}

type TicketIssuer interface {
	Issue(ctx context.Context, ev events.TicketIssued) error
}

type Notifier interface {
	Welcome(ctx context.Context, ev events.WristbandActivated) error
	TopupReceipt(ctx context.Context, ev events.TopupSucceeded) error
	LowBalance(ctx context.Context, ev events.LowBalance) error
	TransferAccepted(ctx context.Context, ev events.TransferAccepted) error
}

// NewRegistry builds the subject → handler table of the consumer binary.
func NewRegistry(s *sales.Service, t *ticket.Service, n *notify.Service) Registry {
	return newRegistry(s, t, n)
}

func newRegistry(s SalesApplier, t TicketIssuer, n Notifier) Registry {
	return Registry{
		events.SubjectPOSBatches:         JSON(s.ApplyBatch),
		events.SubjectPOSVoids:           JSON(voidOrWait(s.ApplyVoid)),
		events.SubjectTicketsIssued:      JSON(t.Issue),
		events.SubjectTransfersAccepted:  JSON(n.TransferAccepted),
		events.SubjectWalletsLowBalance:  JSON(n.LowBalance),
		events.SubjectWristbandActivated: JSON(n.Welcome),
		events.SubjectTopupsSucceeded:    JSON(n.TopupReceipt),
	}
}

// voidOrWait keeps voids that overtook their sale batch in the stream
// until the batch is applied.
func voidOrWait(fn func(context.Context, events.POSVoid) error) func(context.Context, events.POSVoid) error {
	return func(ctx context.Context, v events.POSVoid) error {
		err := fn(ctx, v)
		if errors.Is(err, sales.ErrSaleNotYetSynced) {
			slog.DebugContext(ctx, "void waiting for its sale", "terminal", v.TerminalID, "seq", v.LocalSeq)
		}
		return err
	}
}
