package consumers

import (
	"context"
	"errors"
	"fmt"

	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/service"
	"github.com/prairiegold/graincoop/internal/sqsx"
	"github.com/prairiegold/graincoop/internal/weighbridge"
)

type ScaleTickets interface {
	Capture(ctx context.Context, evt weighbridge.TicketCapturedEvent) (*domain.ScaleTicket, error)
	Complete(ctx context.Context, evt weighbridge.TicketCompletedEvent) error
	Void(ctx context.Context, evt weighbridge.TicketVoidedEvent) error
}

// ScaleHandlers is the event-type table for cmd/scaleworker.
func ScaleHandlers(t ScaleTickets) map[string]sqsx.Handler {
	return map[string]sqsx.Handler{
		weighbridge.TicketCaptured: sqsx.Typed(func(ctx context.Context, evt weighbridge.TicketCapturedEvent, _ sqsx.Meta) error {
			_, err := t.Capture(ctx, evt)
			return unprocessable(err)
		}),
		weighbridge.TicketCompleted: sqsx.Typed(func(ctx context.Context, evt weighbridge.TicketCompletedEvent, _ sqsx.Meta) error {
			return unprocessable(t.Complete(ctx, evt))
		}),
		weighbridge.TicketVoided: sqsx.Typed(func(ctx context.Context, evt weighbridge.TicketVoidedEvent, _ sqsx.Meta) error {
			return unprocessable(t.Void(ctx, evt))
		}),
	}
}

func unprocessable(err error) error {
	if errors.Is(err, service.ErrInvalid) {
		return fmt.Errorf("%w: %v", sqsx.ErrUnprocessable, err)
	}
	return err
}
