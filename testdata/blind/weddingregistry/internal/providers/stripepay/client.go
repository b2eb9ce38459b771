// Package stripepay wraps the parts of the Stripe API the registry uses:
// PaymentIntents for guest checkout and contributions, Refunds for
// cancellations, Connect accounts and Transfers for cash-fund payouts, and
// webhook signature verification.
//
// Every mutating call accepts an idempotency key. Stripe keeps keys for 24
// hours and replays the original response for a repeated key, so callers
// should derive keys from a stable operation identifier.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/tiedknot/registry/internal/platform/metrics"
)

// Config holds the Stripe credentials.
type Config struct {
	SecretKey     string
	WebhookSecret string
	// PlatformCountry is used when creating Express accounts for couples.
	PlatformCountry string
}

// Client is a thin, typed facade over stripe-go.
type Client struct {
	sc            *stripe.Client
	webhookSecret string
	country       string
	calls         *metrics.ProviderCalls
}

// New builds a Client.
func New(cfg Config, calls *metrics.ProviderCalls) *Client {
	country := cfg.PlatformCountry
	if country == "" {
		country = "US"
	}
	return &Client{
		sc:            stripe.NewClient(cfg.SecretKey),
		webhookSecret: cfg.WebhookSecret,
		country:       country,
		calls:         calls,
	}
}

// PaymentIntentRequest describes a charge to a guest.
type PaymentIntentRequest struct {
	AmountCents  int64
	Currency     string
	Description  string
	ReceiptEmail string
	// PaymentMethodID, when set together with Confirm, charges a payment
	// method the browser already collected with Stripe Elements.
	PaymentMethodID string
	Confirm         bool
	ReturnURL       string
	TransferGroup   string
	Metadata        map[string]string
	IdempotencyKey  string
}

// PaymentIntent is the subset of the Stripe object the registry stores.
type PaymentIntent struct {
	ID           string
	ClientSecret string
	Status       string
}

// CreatePaymentIntent creates (and optionally confirms) a PaymentIntent.
func (c *Client) CreatePaymentIntent(ctx context.Context, req PaymentIntentRequest) (PaymentIntent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Description:   stripe.String(req.Description),
		Metadata:      req.Metadata,
		TransferGroup: nonEmpty(req.TransferGroup),
		ReceiptEmail:  nonEmpty(req.ReceiptEmail),
	}
	if req.PaymentMethodID != "" {
		params.PaymentMethod = stripe.String(req.PaymentMethodID)
		params.Confirm = stripe.Bool(req.Confirm)
		params.ReturnURL = nonEmpty(req.ReturnURL)
	} else {
		params.AutomaticPaymentMethods = &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled: stripe.Bool(true),
		}
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}

	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	c.calls.Inc("stripe", "payment_intents.create", err)
	if err != nil {
		return PaymentIntent{}, wrap("create payment intent", err)
	}
	return PaymentIntent{ID: pi.ID, ClientSecret: pi.ClientSecret, Status: string(pi.Status)}, nil
}

// RefundRequest describes a (possibly partial) refund of a PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
}

// Refund is the subset of the Stripe refund the registry keeps.
type Refund struct {
	ID     string
	Status string
}

// CallOption customises a single API call.
type CallOption func(*stripe.Params)

// WithIdempotencyKey sets the Idempotency-Key header for the call.
func WithIdempotencyKey(key string) CallOption {
	return func(p *stripe.Params) {
		if key != "" {
			p.SetIdempotencyKey(key)
		}
	}
}

// WithConnectedAccount performs the call on behalf of a connected account.
func WithConnectedAccount(accountID string) CallOption {
	return func(p *stripe.Params) {
		if accountID != "" {
			p.SetStripeAccount(accountID)
		}
	}
}

// Refund refunds part or all of a PaymentIntent.
func (c *Client) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (Refund, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Metadata:      req.Metadata,
	}
	if req.AmountCents > 0 {
		params.Amount = stripe.Int64(req.AmountCents)
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	for _, opt := range opts {
		opt(&params.Params)
	}

	r, err := c.sc.V1Refunds.Create(ctx, params)
	c.calls.Inc("stripe", "refunds.create", err)
	if err != nil {
		return Refund{}, wrap("create refund", err)
	}
	return Refund{ID: r.ID, Status: string(r.Status)}, nil
}

// TransferRequest moves funds from the platform balance to a couple's
// connected account.
type TransferRequest struct {
	AmountCents        int64
	Currency           string
	DestinationAccount string
	TransferGroup      string
	Description        string
	Metadata           map[string]string
	IdempotencyKey     string
}

// Transfer is the subset of the Stripe transfer the registry keeps.
type Transfer struct {
	ID          string
	AmountCents int64
}

// CreateTransfer creates a Connect transfer.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest) (Transfer, error) {
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Destination:   stripe.String(req.DestinationAccount),
		TransferGroup: nonEmpty(req.TransferGroup),
		Description:   nonEmpty(req.Description),
		Metadata:      req.Metadata,
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}

	t, err := c.sc.V1Transfers.Create(ctx, params)
	c.calls.Inc("stripe", "transfers.create", err)
	if err != nil {
		return Transfer{}, wrap("create transfer", err)
	}
	return Transfer{ID: t.ID, AmountCents: t.Amount}, nil
}

// AccountRequest describes the Express account opened for a couple.
type AccountRequest struct {
	Email          string
	RegistryID     string
	IdempotencyKey string
}

// Account is the subset of the Stripe account the registry keeps.
type Account struct {
	ID               string
	PayoutsEnabled   bool
	DetailsSubmitted bool
}

// CreateExpressAccount opens a Connect Express account.
func (c *Client) CreateExpressAccount(ctx context.Context, req AccountRequest) (Account, error) {
	params := &stripe.AccountCreateParams{
		Type:    stripe.String(string(stripe.AccountTypeExpress)),
		Country: stripe.String(c.country),
		Email:   stripe.String(req.Email),
		Capabilities: &stripe.AccountCreateCapabilitiesParams{
			Transfers: &stripe.AccountCreateCapabilitiesTransfersParams{Requested: stripe.Bool(true)},
		},
		Metadata: map[string]string{"registry_id": req.RegistryID},
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}

	a, err := c.sc.V1Accounts.Create(ctx, params)
	c.calls.Inc("stripe", "accounts.create", err)
	if err != nil {
		return Account{}, wrap("create account", err)
	}
	return Account{ID: a.ID, PayoutsEnabled: a.PayoutsEnabled, DetailsSubmitted: a.DetailsSubmitted}, nil
}

// OnboardingLink returns a hosted onboarding URL for a connected account.
// Account links are single-use, so callers create a fresh one each time.
func (c *Client) OnboardingLink(ctx context.Context, accountID, refreshURL, returnURL string) (string, error) {
	params := &stripe.AccountLinkCreateParams{
		Account:    stripe.String(accountID),
		RefreshURL: stripe.String(refreshURL),
		ReturnURL:  stripe.String(returnURL),
		Type:       stripe.String("account_onboarding"),
	}
	link, err := c.sc.V1AccountLinks.Create(ctx, params)
	c.calls.Inc("stripe", "account_links.create", err)
	if err != nil {
		return "", wrap("create account link", err)
	}
	return link.URL, nil
}

// ParseWebhook verifies the Stripe-Signature header and decodes the event.
func (c *Client) ParseWebhook(payload []byte, signature string) (stripe.Event, error) {
	evt, err := webhook.ConstructEventWithOptions(payload, signature, c.webhookSecret, webhook.ConstructEventOptions{
		IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		return stripe.Event{}, fmt.Errorf("stripe webhook: %w", err)
	}
	return evt, nil
}

// ErrCardDeclined is returned when Stripe declines the guest's card.
var ErrCardDeclined = errors.New("card declined")

func wrap(op string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		if se.Type == stripe.ErrorTypeCard {
			return fmt.Errorf("stripe %s: %w: %s", op, ErrCardDeclined, se.Msg)
		}
		return fmt.Errorf("stripe %s: %s (%s): %w", op, se.Msg, se.Code, err)
	}
	return fmt.Errorf("stripe %s: %w", op, err)
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return stripe.String(s)
}
