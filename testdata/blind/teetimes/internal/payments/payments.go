// Package payments is the club's gateway to Stripe: PaymentIntents for
// green fees, vouchers, entries and tabs; Refunds for cancellations; and
// Connect Transfers for contractor and prize payouts.
//
// Stripe deduplicates POSTs by the Idempotency-Key header for 24 hours.
// Callers pass a key derived from the durable record the call belongs to.
package payments

import (
	"context"
	"errors"
	"strings"

	"github.com/fairwaylinks/teetimes/internal/platform/ids"
)

// ErrDeclined is returned when the provider refuses the operation for a
// reason a retry will not fix.
var ErrDeclined = errors.New("payments: declined")

// PaymentIntentRequest describes money to collect from a customer.
type PaymentIntentRequest struct {
	AmountCents    int64
	Currency       string
	CustomerID     string
	Description    string
	ReceiptEmail   string
	Metadata       map[string]string
	IdempotencyKey string

	// OffSessionPaymentMethod, when set, confirms the intent immediately
	// against a saved card without the customer present.
	OffSessionPaymentMethod string
}

// PaymentIntent is the subset of Stripe's object the platform keeps.
type PaymentIntent struct {
	ID           string
	ClientSecret string
	Status       string
	AmountCents  int64
}

// RefundRequest returns money from a captured PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// Refund is a created refund.
type Refund struct {
	ID          string
	Status      string
	AmountCents int64
}

// TransferRequest moves money from the platform balance to a connected
// account.
type TransferRequest struct {
	DestinationAccount string
	AmountCents        int64
	Currency           string
	TransferGroup      string
	Description        string
	Metadata           map[string]string
	IdempotencyKey     string
}

// Transfer is a created transfer.
type Transfer struct {
	ID          string
	AmountCents int64
}

// Client is what services use to move money.
type Client interface {
	CreatePaymentIntent(ctx context.Context, req PaymentIntentRequest) (*PaymentIntent, error)
	Refund(ctx context.Context, req RefundRequest) (*Refund, error)
	Transfer(ctx context.Context, req TransferRequest) (*Transfer, error)
}

// Key builds an idempotency key from a purpose and the ids of the records
// the call belongs to, e.g. Key("booking", bookingID).
func Key(purpose string, parts ...string) string {
	return purpose + ":" + strings.Join(parts, ":")
}

// NewIdempotencyKey returns a unique key for one logical request.
func NewIdempotencyKey(purpose string) string {
	return purpose + ":" + ids.NewULID()
}
