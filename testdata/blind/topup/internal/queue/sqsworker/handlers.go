package sqsworker

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"

	"github.com/example/topup/internal/reseller"
)

type Activator interface {
	Activate(ctx context.Context, orderID uuid.UUID) error
}

type Adjuster interface {
	Adjust(ctx context.Context, cmd reseller.AdjustmentCommand) error
}

// Handlers returns the message-type routing table for the inbound queue.
func Handlers(act Activator, adj Adjuster) map[string]Handler {
	return map[string]Handler{
		TypeBundleActivate: func(ctx context.Context, body []byte) error {
			var m activationMessage
			if err := json.Unmarshal(body, &m); err != nil {
				return fmt.Errorf("%w: %v", ErrDiscard, err)
			}
			return act.Activate(ctx, m.OrderID)
		},
		TypeWalletAdjust: func(ctx context.Context, body []byte) error {
			var cmd reseller.AdjustmentCommand
			if err := json.Unmarshal(body, &cmd); err != nil {
				return fmt.Errorf("%w: %v", ErrDiscard, err)
			}
			return adj.Adjust(ctx, cmd)
		},
	}
}
