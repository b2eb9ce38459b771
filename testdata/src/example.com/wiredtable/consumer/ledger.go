package consumer

import (
	"context"

	"example.com/wiredtable/ledger"
)

// Ledger books payment events.
type Ledger interface {
	Settle(ctx context.Context, e ledger.Event) error
	Refund(ctx context.Context, e ledger.Event) error
}
