// Package stripe adapts stripe-go to the core PaymentProvider port.
//
// Stripe deduplicates POST requests by the Idempotency-Key header for 24
// hours: a repeated key returns the first response instead of acting
// again. Every mutating method here takes the key from its input; callers
// own the choice of key.
package stripe

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	stripe "github.com/stripe/stripe-go/v82"

	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/ports"
	"github.com/merchline/preorders/internal/platform/retry"
)

type Client struct {
	sc     *stripe.Client
	policy retry.Policy
	log    *slog.Logger
}

var _ ports.PaymentProvider = (*Client)(nil)

// New builds a client. stripe-go's own network retries are switched off
// so that retries follow our policy and show up in our logs.
func New(secretKey string, log *slog.Logger) *Client {
	backends := stripe.NewBackendsWithConfig(&stripe.BackendConfig{
		MaxNetworkRetries: stripe.Int64(0),
	})
	return &Client{
		sc:     stripe.NewClient(secretKey, stripe.WithBackends(backends)),
		policy: retry.Outbound,
		log:    log.With("provider", "stripe"),
	}
}

// call runs fn under the retry policy, giving up at once on errors that
// another attempt cannot fix.
func call[T any](ctx context.Context, c *Client, op string, fn func(context.Context) (T, error)) (T, error) {
	attempt := 0
	return retry.Do(ctx, c.policy, func(ctx context.Context) (T, error) {
		attempt++
		v, err := fn(ctx)
		if err == nil {
			return v, nil
		}
		if !retryable(err) {
			return v, retry.Permanent(wrap(op, err))
		}
		c.log.WarnContext(ctx, "stripe call failed", "op", op, "attempt", attempt, "err", err)
		return v, wrap(op, err)
	})
}

func setKey(p *stripe.Params, key string) {
	if key != "" {
		p.SetIdempotencyKey(key)
	}
}

func (c *Client) CreateAuthorization(ctx context.Context, in ports.AuthorizationInput) (ports.PaymentIntent, error) {
	cust, err := call(ctx, c, "customers.create", func(ctx context.Context) (*stripe.Customer, error) {
		p := &stripe.CustomerCreateParams{Email: stripe.String(in.Email)}
		p.AddMetadata("order_id", in.OrderID)
		setKey(&p.Params, in.IdempotencyKey+":customer")
		return c.sc.V1Customers.Create(ctx, p)
	})
	if err != nil {
		return ports.PaymentIntent{}, err
	}
	pi, err := call(ctx, c, "payment_intents.create", func(ctx context.Context) (*stripe.PaymentIntent, error) {
		p := &stripe.PaymentIntentCreateParams{
			Amount:           stripe.Int64(in.AmountCents),
			Currency:         stripe.String(in.Currency),
			Customer:         stripe.String(cust.ID),
			CaptureMethod:    stripe.String(string(stripe.PaymentIntentCaptureMethodManual)),
			SetupFutureUsage: stripe.String("off_session"),
			ReceiptEmail:     stripe.String(in.Email),
			Description:      stripe.String(in.Description),
			AutomaticPaymentMethods: &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
				Enabled:        stripe.Bool(true),
				AllowRedirects: stripe.String("never"),
			},
		}
		p.AddMetadata("order_id", in.OrderID)
		setKey(&p.Params, in.IdempotencyKey)
		return c.sc.V1PaymentIntents.Create(ctx, p)
	})
	if err != nil {
		return ports.PaymentIntent{}, err
	}
	return toPI(pi), nil
}

func (c *Client) Reauthorize(ctx context.Context, in ports.ReauthorizationInput) (ports.PaymentIntent, error) {
	pi, err := call(ctx, c, "payment_intents.create", func(ctx context.Context) (*stripe.PaymentIntent, error) {
		p := &stripe.PaymentIntentCreateParams{
			Amount:        stripe.Int64(in.AmountCents),
			Currency:      stripe.String(in.Currency),
			Customer:      stripe.String(in.CustomerID),
			PaymentMethod: stripe.String(in.PaymentMethodID),
			CaptureMethod: stripe.String(string(stripe.PaymentIntentCaptureMethodManual)),
			Confirm:       stripe.Bool(true),
			OffSession:    stripe.Bool(true),
		}
		p.AddMetadata("order_id", in.OrderID)
		p.AddMetadata("reauthorization", "true")
		setKey(&p.Params, in.IdempotencyKey)
		return c.sc.V1PaymentIntents.Create(ctx, p)
	})
	if err != nil {
		return ports.PaymentIntent{}, err
	}
	return toPI(pi), nil
}

func (c *Client) GetPaymentIntent(ctx context.Context, id string) (ports.PaymentIntent, error) {
	pi, err := call(ctx, c, "payment_intents.retrieve", func(ctx context.Context) (*stripe.PaymentIntent, error) {
		return c.sc.V1PaymentIntents.Retrieve(ctx, id, nil)
	})
	if err != nil {
		return ports.PaymentIntent{}, err
	}
	return toPI(pi), nil
}

func (c *Client) Capture(ctx context.Context, in ports.CaptureInput) (ports.PaymentIntent, error) {
	pi, err := call(ctx, c, "payment_intents.capture", func(ctx context.Context) (*stripe.PaymentIntent, error) {
		p := &stripe.PaymentIntentCaptureParams{AmountToCapture: stripe.Int64(in.AmountCents)}
		setKey(&p.Params, in.IdempotencyKey)
		return c.sc.V1PaymentIntents.Capture(ctx, in.PaymentIntentID, p)
	})
	if err != nil {
		return ports.PaymentIntent{}, err
	}
	return toPI(pi), nil
}

func (c *Client) Cancel(ctx context.Context, in ports.CancelInput) (ports.PaymentIntent, error) {
	pi, err := call(ctx, c, "payment_intents.cancel", func(ctx context.Context) (*stripe.PaymentIntent, error) {
		p := &stripe.PaymentIntentCancelParams{}
		if in.Reason != "" {
			p.CancellationReason = stripe.String(in.Reason)
		}
		setKey(&p.Params, in.IdempotencyKey)
		return c.sc.V1PaymentIntents.Cancel(ctx, in.PaymentIntentID, p)
	})
	if err != nil {
		return ports.PaymentIntent{}, err
	}
	return toPI(pi), nil
}

func (c *Client) Refund(ctx context.Context, in ports.RefundInput) (ports.RefundResult, error) {
	r, err := call(ctx, c, "refunds.create", func(ctx context.Context) (*stripe.Refund, error) {
		p := &stripe.RefundCreateParams{
			PaymentIntent: stripe.String(in.PaymentIntentID),
			Amount:        stripe.Int64(in.AmountCents),
			Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
		}
		p.AddMetadata("merch_reason", in.Reason)
		for k, v := range in.Metadata {
			p.AddMetadata(k, v)
		}
		setKey(&p.Params, in.IdempotencyKey)
		return c.sc.V1Refunds.Create(ctx, p)
	})
	if err != nil {
		return ports.RefundResult{}, err
	}
	return ports.RefundResult{ID: r.ID, Status: string(r.Status)}, nil
}

func (c *Client) Transfer(ctx context.Context, in ports.TransferInput) (string, error) {
	t, err := call(ctx, c, "transfers.create", func(ctx context.Context) (*stripe.Transfer, error) {
		p := &stripe.TransferCreateParams{
			Amount:        stripe.Int64(in.AmountCents),
			Currency:      stripe.String(in.Currency),
			Destination:   stripe.String(in.DestinationAccount),
			TransferGroup: stripe.String(in.TransferGroup),
			Description:   stripe.String(in.Description),
		}
		setKey(&p.Params, in.IdempotencyKey)
		return c.sc.V1Transfers.Create(ctx, p)
	})
	if err != nil {
		return "", err
	}
	return t.ID, nil
}

// ListBalanceTransactions pages through every balance transaction created
// in [from, to), with sources expanded so charges resolve to their
// PaymentIntent.
func (c *Client) ListBalanceTransactions(ctx context.Context, from, to time.Time) ([]domain.BalanceTxn, error) {
	p := &stripe.BalanceTransactionListParams{
		CreatedRange: &stripe.RangeQueryParams{
			GreaterThanOrEqual: from.Unix(),
			LesserThan:         to.Unix(),
		},
	}
	p.Limit = stripe.Int64(100)
	p.AddExpand("data.source")

	return call(ctx, c, "balance_transactions.list", func(ctx context.Context) ([]domain.BalanceTxn, error) {
		var out []domain.BalanceTxn
		for bt, err := range c.sc.V1BalanceTransactions.List(ctx, p) {
			if err != nil {
				return nil, err
			}
			out = append(out, toBalanceTxn(bt))
		}
		return out, nil
	})
}

func toBalanceTxn(bt *stripe.BalanceTransaction) domain.BalanceTxn {
	out := domain.BalanceTxn{
		ID:          bt.ID,
		Type:        string(bt.Type),
		AmountCents: bt.Amount,
		FeeCents:    bt.Fee,
		NetCents:    bt.Net,
		Currency:    string(bt.Currency),
		Created:     time.Unix(bt.Created, 0).UTC(),
	}
	if bt.Source != nil {
		out.SourceID = bt.Source.ID
		if ch := bt.Source.Charge; ch != nil && ch.PaymentIntent != nil {
			out.PaymentIntentID = ch.PaymentIntent.ID
		}
		if rf := bt.Source.Refund; rf != nil && rf.PaymentIntent != nil {
			out.PaymentIntentID = rf.PaymentIntent.ID
		}
	}
	return out
}

func toPI(pi *stripe.PaymentIntent) ports.PaymentIntent {
	out := ports.PaymentIntent{
		ID:               pi.ID,
		ClientSecret:     pi.ClientSecret,
		Status:           string(pi.Status),
		Amount:           pi.Amount,
		AmountCapturable: pi.AmountCapturable,
		AmountReceived:   pi.AmountReceived,
	}
	if pi.Customer != nil {
		out.CustomerID = pi.Customer.ID
	}
	if pi.PaymentMethod != nil {
		out.PaymentMethodID = pi.PaymentMethod.ID
	}
	return out
}

// Error is returned for every failed Stripe call.
type Error struct {
	Op         string
	Code       string
	Type       string
	HTTPStatus int
	Err        error
}

func (e *Error) Error() string {
	return fmt.Sprintf("stripe %s: %s (%s/%s)", e.Op, e.Err, e.Type, e.Code)
}

func (e *Error) Unwrap() error { return e.Err }

// Is maps Stripe error codes onto the port's sentinel errors.
func (e *Error) Is(target error) bool {
	switch target {
	case ports.ErrIntentState:
		return e.Code == string(stripe.ErrorCodePaymentIntentUnexpectedState)
	case ports.ErrDeclined:
		return e.Type == string(stripe.ErrorTypeCard) || e.Code == string(stripe.ErrorCodeAuthenticationRequired)
	}
	return false
}

func wrap(op string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		return &Error{Op: op, Code: string(se.Code), Type: string(se.Type), HTTPStatus: se.HTTPStatusCode, Err: err}
	}
	return &Error{Op: op, Err: err}
}

func retryable(err error) bool {
	var se *stripe.Error
	if !errors.As(err, &se) {
		return retry.Transient(err)
	}
	switch se.Type {
	case stripe.ErrorTypeCard, stripe.ErrorTypeInvalidRequest, stripe.ErrorTypeIdempotency:
		return false
	}
	if se.Code == stripe.ErrorCodeLockTimeout || se.Code == stripe.ErrorCodeRateLimit {
		return true
	}
	return retry.RetryableStatus(se.HTTPStatusCode)
}

// AmountString formats minor units for logs.
func AmountString(cents int64, currency string) string {
	return strconv.FormatInt(cents/100, 10) + "." + fmt.Sprintf("%02d", cents%100) + " " + currency
}
