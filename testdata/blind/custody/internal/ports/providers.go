package ports

import (
	"context"
	"time"

	"github.com/shopspring/decimal"
)

// CallOptions carries per-call settings for outbound provider requests.
type CallOptions struct {
	IdempotencyKey string
	CorrelationID  string
	Timeout        time.Duration
}

type CallOption func(*CallOptions)

func WithIdempotencyKey(key string) CallOption {
	return func(o *CallOptions) { o.IdempotencyKey = key }
}

func WithCorrelationID(id string) CallOption {
	return func(o *CallOptions) { o.CorrelationID = id }
}

func WithTimeout(d time.Duration) CallOption {
	return func(o *CallOptions) { o.Timeout = d }
}

func ApplyCallOptions(opts []CallOption) CallOptions {
	var o CallOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

// --- node / broadcast provider ---

type TransferRequest struct {
	RequestID string
	Vault     string
	Chain     string
	Asset     string
	ToAddress string
	Amount    decimal.Decimal
	Note      string
}

type TransferResult struct {
	ProviderRef string
	TxHash      string
	Status      string
}

type NewAddressRequest struct {
	RequestID string
	Vault     string
	Chain     string
	Label     string
}

type NewAddressResult struct {
	Address        string
	DerivationPath string
}

type Broadcaster interface {
	Transfer(ctx context.Context, req TransferRequest) (TransferResult, error)
	NewAddress(ctx context.Context, req NewAddressRequest) (NewAddressResult, error)
	Balance(ctx context.Context, chain, address, asset string) (decimal.Decimal, error)
}

// --- card / ACH provider ---

type ChargeRequest struct {
	CustomerRef     string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Method          string
	Description     string
	Metadata        map[string]string
}

type Charge struct {
	ID     string
	Status string
}

type RefundRequest struct {
	ChargeID    string
	AmountCents int64
	Reason      string
}

type Refund struct {
	ID     string
	Status string
}

type PayoutRequest struct {
	BankAccountID string
	AmountCents   int64
	Currency      string
	Description   string
	Metadata      map[string]string
}

type Payout struct {
	ID     string
	Status string
}

type WebhookEvent struct {
	ID       string            `json:"id"`
	Type     string            `json:"type"`
	Created  int64             `json:"created"`
	ChargeID string            `json:"charge_id,omitempty"`
	PayoutID string            `json:"payout_id,omitempty"`
	Amount   int64             `json:"amount,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
	Raw      []byte            `json:"-"`
}

type FiatGateway interface {
	CreateCharge(ctx context.Context, req ChargeRequest, opts ...CallOption) (Charge, error)
	Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (Refund, error)
	CreatePayout(ctx context.Context, req PayoutRequest, opts ...CallOption) (Payout, error)
	ParseWebhook(payload []byte, signature string) (WebhookEvent, error)
}

// --- compliance / screening provider ---

type ScreenRequest struct {
	Reference string
	Chain     string
	Address   string
	Asset     string
	Amount    decimal.Decimal
	Direction string
}

type ScreenResult struct {
	ProviderRef string
	RiskScore   int
	Categories  []string
}

type Screener interface {
	AddressRisk(ctx context.Context, chain, address string) (ScreenResult, error)
	ScreenTransfer(ctx context.Context, req ScreenRequest) (ScreenResult, error)
}

// --- travel rule gateway ---

type TravelRuleParty struct {
	Name          string `json:"name"`
	AccountNumber string `json:"account_number"`
	VASP          string `json:"vasp"`
}

type TravelRuleTransfer struct {
	TransferID  string
	Originator  TravelRuleParty
	Beneficiary TravelRuleParty
	Asset       string
	Amount      decimal.Decimal
	TxHash      string
}

type TravelRuleReceipt struct {
	TransferID string
	Status     string
}

type TravelRuleGateway interface {
	Submit(ctx context.Context, t TravelRuleTransfer) (TravelRuleReceipt, error)
}

// --- email ---

type Email struct {
	To       string
	Template string
	Subject  string
	Data     map[string]any
}

type Mailer interface {
	Send(ctx context.Context, e Email) (string, error)
}

// --- event bus ---

type Publisher interface {
	// Publish sends payload to subject. msgID is used by the stream to drop
	// duplicate publishes inside its duplicate window.
	Publish(ctx context.Context, subject, msgID string, payload []byte) error
}
