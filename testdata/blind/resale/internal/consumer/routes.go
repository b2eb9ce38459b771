package consumer

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/repository"
	"github.com/encorelane/resale/internal/service"
)

// Routes maps a promoter event type to its handler.
type Routes map[string]Handler

// NewRoutes is the dispatch table for the promoter topic.
func NewRoutes(
	transfers service.TransferService,
	events service.EventService,
	payouts service.PayoutService,
	processed repository.ProcessedEventRepository,
) Routes {
	return Routes{
		"ticket.transferred":      decode(transfers.OnTransferred),
		"ticket.transfer_failed":  decode(transfers.OnTransferFailed),
		"ticket.barcode_reissued": decode(events.ReplaceBarcode),
		"event.rescheduled":       decodeWithID(events.Reschedule),
		"event.cancelled":         decodeWithID(events.Cancel),
		"event.completed":         Once(processed, "promoter", decode(payouts.ReleaseForEvent)),
	}
}

// decode adapts a typed service method to a Handler.
func decode[T any](fn func(context.Context, T) error) Handler {
	return func(ctx context.Context, env domain.PromoterEnvelope) error {
		var msg T
		if err := json.Unmarshal(env.Data, &msg); err != nil {
			return fmt.Errorf("%w: %s payload: %v", domain.ErrInvalid, env.Type, err)
		}
		return fn(ctx, msg)
	}
}

// decodeWithID is decode for methods that also want the message id.
func decodeWithID[T any](fn func(context.Context, string, T) error) Handler {
	return func(ctx context.Context, env domain.PromoterEnvelope) error {
		var msg T
		if err := json.Unmarshal(env.Data, &msg); err != nil {
			return fmt.Errorf("%w: %s payload: %v", domain.ErrInvalid, env.Type, err)
		}
		return fn(ctx, env.ID, msg)
	}
}
