// Package payments is the Stripe-backed payment gateway: payment intents for
// buyer funding, refunds for disputes, transfers to sellers' connected
// accounts and payouts from those accounts.
package payments

import (
	"context"
	"fmt"
	"strings"

	"github.com/stripe/stripe-go/v82"
)

// Config configures the Stripe client.
type Config struct {
	SecretKey string
}

// NewStripeClient builds the shared Stripe API client.
func NewStripeClient(cfg Config) *stripe.Client {
	return stripe.NewClient(cfg.SecretKey)
}

// Gateway implements the payment operations on top of stripe.Client.
type Gateway struct {
	sc *stripe.Client
}

// NewGateway returns a Gateway.
func NewGateway(sc *stripe.Client) *Gateway {
	return &Gateway{sc: sc}
}

// keyed is satisfied by every Stripe params struct (via the embedded Params).
type keyed interface {
	SetIdempotencyKey(string)
}

// withKey sets the Idempotency-Key header on p when key is non-empty.
func withKey[P keyed](p P, key string) P {
	if key != "" {
		p.SetIdempotencyKey(key)
	}
	return p
}

// Intent is the part of a PaymentIntent the service cares about.
type Intent struct {
	ID           string
	ClientSecret string
	Status       string
}

func toIntent(pi *stripe.PaymentIntent) Intent {
	return Intent{ID: pi.ID, ClientSecret: pi.ClientSecret, Status: string(pi.Status)}
}

// IntentRequest describes a manual-capture PaymentIntent for an escrow.
type IntentRequest struct {
	EscrowID       string
	OrderID        string
	Customer       string
	AmountCents    int64
	Currency       string
	IdempotencyKey string
}

// CreateIntent creates a PaymentIntent that authorises the buyer's card; the
// funds are captured later when the escrow is captured.
func (g *Gateway) CreateIntent(ctx context.Context, r IntentRequest) (Intent, error) {
	params := withKey(&stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(r.AmountCents),
		Currency:      stripe.String(strings.ToLower(r.Currency)),
		CaptureMethod: stripe.String(string(stripe.PaymentIntentCaptureMethodManual)),
		TransferGroup: stripe.String("escrow_" + r.EscrowID),
		Metadata: map[string]string{
			"escrow_id": r.EscrowID,
			"order_id":  r.OrderID,
		},
	}, r.IdempotencyKey)
	if r.Customer != "" {
		params.Customer = stripe.String(r.Customer)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return Intent{}, fmt.Errorf("create payment intent: %w", err)
	}
	return toIntent(pi), nil
}

// GetIntent fetches a PaymentIntent.
func (g *Gateway) GetIntent(ctx context.Context, id string) (Intent, error) {
	pi, err := g.sc.V1PaymentIntents.Retrieve(ctx, id, nil)
	if err != nil {
		return Intent{}, fmt.Errorf("retrieve payment intent: %w", err)
	}
	return toIntent(pi), nil
}

// CaptureIntent captures an authorised PaymentIntent.
func (g *Gateway) CaptureIntent(ctx context.Context, id string, amountCents int64, key string) (Intent, error) {
	params := withKey(&stripe.PaymentIntentCaptureParams{
		AmountToCapture: stripe.Int64(amountCents),
	}, key)
	pi, err := g.sc.V1PaymentIntents.Capture(ctx, id, params)
	if err != nil {
		return Intent{}, fmt.Errorf("capture payment intent: %w", err)
	}
	return toIntent(pi), nil
}

// CancelIntent voids an uncaptured PaymentIntent.
func (g *Gateway) CancelIntent(ctx context.Context, id, key string) error {
	params := withKey(&stripe.PaymentIntentCancelParams{
		CancellationReason: stripe.String(string(stripe.PaymentIntentCancellationReasonRequestedByCustomer)),
	}, key)
	if _, err := g.sc.V1PaymentIntents.Cancel(ctx, id, params); err != nil {
		return fmt.Errorf("cancel payment intent: %w", err)
	}
	return nil
}

// RefundRequest describes a (partial) refund of a captured PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// Refund refunds part or all of a captured payment and returns the refund ID.
func (g *Gateway) Refund(ctx context.Context, r RefundRequest) (string, error) {
	params := withKey(&stripe.RefundCreateParams{
		PaymentIntent: stripe.String(r.PaymentIntentID),
		Amount:        stripe.Int64(r.AmountCents),
		Metadata:      r.Metadata,
	}, r.IdempotencyKey)
	if r.Reason != "" {
		params.Reason = stripe.String(r.Reason)
	}
	re, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("create refund: %w", err)
	}
	return re.ID, nil
}

// TransferRequest moves funds from the platform balance to a connected account.
type TransferRequest struct {
	Destination    string
	AmountCents    int64
	Currency       string
	TransferGroup  string
	Metadata       map[string]string
	IdempotencyKey string
}

// Transfer creates a transfer and returns its ID.
func (g *Gateway) Transfer(ctx context.Context, r TransferRequest) (string, error) {
	params := withKey(&stripe.TransferCreateParams{
		Amount:        stripe.Int64(r.AmountCents),
		Currency:      stripe.String(strings.ToLower(r.Currency)),
		Destination:   stripe.String(r.Destination),
		TransferGroup: stripe.String(r.TransferGroup),
		Metadata:      r.Metadata,
	}, r.IdempotencyKey)
	tr, err := g.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("create transfer: %w", err)
	}
	return tr.ID, nil
}

// PayoutRequest pays out a connected account's balance to the seller's bank.
type PayoutRequest struct {
	ConnectedAccount string
	AmountCents      int64
	Currency         string
	Instant          bool
	Description      string
	IdempotencyKey   string
}

// Payout creates a payout on the connected account and returns its ID.
func (g *Gateway) Payout(ctx context.Context, r PayoutRequest) (string, error) {
	params := withKey(&stripe.PayoutCreateParams{
		Amount:      stripe.Int64(r.AmountCents),
		Currency:    stripe.String(strings.ToLower(r.Currency)),
		Description: stripe.String(r.Description),
	}, r.IdempotencyKey)
	if r.Instant {
		params.Method = stripe.String(string(stripe.PayoutMethodInstant))
	}
	params.SetStripeAccount(r.ConnectedAccount)
	po, err := g.sc.V1Payouts.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("create payout: %w", err)
	}
	return po.ID, nil
}
