// Package repo holds the Postgres-backed repositories. Services depend on the
// interfaces declared here, never on *db.Queries directly, except where they
// need to compose several writes in one transaction via store.InTx.
package repo

import (
	"context"
	"encoding/json"
	"time"

	"github.com/lumen-gift/giftcards/internal/db"
)

type Cards interface {
	Get(ctx context.Context, id string) (db.Card, error)
	GetByCode(ctx context.Context, code string) (db.Card, error)
	Create(ctx context.Context, p db.CreateCardParams) (db.Card, error)
	Credit(ctx context.Context, cardID string, amount int64, entryType, ref string) (int64, error)
	Activate(ctx context.Context, id string) (bool, error)
	SetRecipient(ctx context.Context, id string, email, phone *string) error
	ListExpiring(ctx context.Context, asOf time.Time, limit int32) ([]db.Card, error)
	Expire(ctx context.Context, id string) (int64, error)
	AddLedger(ctx context.Context, cardID, entryType string, amount int64, ref string) error
	ListDueReminder(ctx context.Context, until time.Time, limit int32) ([]db.Card, error)
	MarkReminderSent(ctx context.Context, id string) error
}

type Purchases interface {
	Create(ctx context.Context, p db.CreatePurchaseParams) (db.Purchase, error)
	Get(ctx context.Context, id string) (db.Purchase, error)
	Cancel(ctx context.Context, id string) (bool, error)
}

type Redemptions interface {
	Get(ctx context.Context, id string) (db.Redemption, error)
	MarkRefunded(ctx context.Context, id string) (bool, error)
}

type Merchants interface {
	Register(ctx context.Context, p db.CreateMerchantParams) (db.Merchant, bool, error)
	Get(ctx context.Context, id string) (db.Merchant, error)
	AddTerminal(ctx context.Context, p db.CreateTerminalParams) (db.Terminal, error)
	GetTerminal(ctx context.Context, id string) (db.Terminal, error)
}

type Deliveries interface {
	Create(ctx context.Context, cardID, channel, destination, status string) (db.Delivery, error)
	Get(ctx context.Context, id string) (db.Delivery, error)
	Claim(ctx context.Context, id string) (bool, error)
	MarkSent(ctx context.Context, id, providerRef string) error
	MarkFailed(ctx context.Context, id string) error
	RecordAttempt(ctx context.Context, deliveryID string, attempt int, sendErr error) error
}

// IdempotencyRecord is a stored response for a client-supplied key.
type IdempotencyRecord struct {
	RequestHash string
	StatusCode  int
	Body        json.RawMessage
	Completed   bool
}

type Idempotency interface {
	Lookup(ctx context.Context, scope, key string) (*IdempotencyRecord, error)
	Store(ctx context.Context, scope, key, requestHash string, status int, body []byte) error
}

type EventLog interface {
	Seen(ctx context.Context, consumer, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, eventID string) error
}
