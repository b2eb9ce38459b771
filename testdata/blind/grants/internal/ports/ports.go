// Package ports declares the outbound provider interfaces the services use,
// with provider-neutral request and response types. Implementations live
// under internal/providers.
package ports

import "context"

// IntentRequest describes a Stripe PaymentIntent to create.
type IntentRequest struct {
	AmountCents     int64
	Currency        string
	CustomerID      string
	PaymentMethodID string
	OffSession      bool
	Confirm         bool
	Description     string
	ReceiptEmail    string
	Metadata        map[string]string
	// IdempotencyKey is sent as Stripe's Idempotency-Key header when set.
	IdempotencyKey string
}

// Intent is the subset of a PaymentIntent we keep.
type Intent struct {
	ID           string
	ClientSecret string
	Status       string
}

// RefundRequest describes a refund against a PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// RefundResult is the subset of a Stripe refund we keep.
type RefundResult struct {
	ID          string
	Status      string
	AmountCents int64
}

// Payments is the card-payment provider (Stripe).
type Payments interface {
	CreateIntent(ctx context.Context, req IntentRequest) (*Intent, error)
	Refund(ctx context.Context, req RefundRequest) (*RefundResult, error)
}

// TransferRequest is a payout through the bank partner.
type TransferRequest struct {
	Reference      string
	BeneficiaryRef string
	AmountCents    int64
	Currency       string
	Narrative      string
}

// Transfer is the bank partner's acknowledgement.
type Transfer struct {
	ID     string
	Status string
}

// BankCallOptions are per-call HTTP options for the bank partner.
type BankCallOptions struct {
	IdempotencyKey string
	RequestID      string
}

// BankOption mutates BankCallOptions.
type BankOption func(*BankCallOptions)

// BankPayouts is the bank-transfer partner.
type BankPayouts interface {
	CreateTransfer(ctx context.Context, req TransferRequest, opts ...BankOption) (*Transfer, error)
}

// Email is one transactional e-mail.
type Email struct {
	// MessageID is the provider's deduplication key.
	MessageID string
	To        string
	Template  string
	Vars      map[string]any
}

// Mailer is the transactional e-mail provider.
type Mailer interface {
	Send(ctx context.Context, e Email) error
}

// SMS is the text-message gateway.
type SMS interface {
	Send(ctx context.Context, to, body string) error
}

// QueueMessage is an event for the FIFO queue.
type QueueMessage struct {
	EventType string
	GroupID   string
	// DedupID becomes the SQS MessageDeduplicationId.
	DedupID string
	Body    []byte
}

// Publisher publishes to the events FIFO queue.
type Publisher interface {
	Publish(ctx context.Context, m QueueMessage) (string, error)
}

// GranteeNotifier posts signed webhooks to a grantee's callback URL.
type GranteeNotifier interface {
	Post(ctx context.Context, url string, payload any) (int, error)
}
