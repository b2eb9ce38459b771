// Package payouts is a client for the mass-payouts provider (Tipalti-style)
// that sends weekly driver earnings and instant cash-outs to bank accounts.
// The provider deduplicates payment instructions on the payment_reference
// body field: a second instruction with a known reference is answered with
// the original payment instead of sending money again.
package payouts

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/wayfare/ridepay/internal/httpreq"
)

// Client calls the payouts provider.
type Client struct {
	http      *httpreq.Client
	payerName string
}

// New returns a Client for baseURL.
func New(baseURL, token, payerName string, opts ...httpreq.Option) *Client {
	opts = append([]httpreq.Option{httpreq.WithAuth(func(h http.Header) {
		h.Set("Authorization", "Bearer "+token)
	})}, opts...)
	return &Client{http: httpreq.New(baseURL, opts...), payerName: payerName}
}

// Instruction describes money to send to a payee.
type Instruction struct {
	PayeeID     string
	AmountCents int64
	Currency    string
}

// Payment is the provider's view of an instruction.
type Payment struct {
	ID               string `json:"id"`
	PaymentReference string `json:"payment_reference"`
	PayeeID          string `json:"payee_id"`
	Amount           string `json:"amount"`
	Currency         string `json:"currency"`
	Status           string `json:"status"`
	FailureReason    string `json:"failure_reason,omitempty"`
}

// Terminal statuses reported by the provider.
const (
	StatusCompleted = "completed"
	StatusFailed    = "failed"
	StatusReturned  = "returned"
)

// Option tunes a payment instruction.
type Option func(*createPaymentBody)

// WithPaymentReference sets the reference the provider deduplicates on.
func WithPaymentReference(ref string) Option {
	return func(b *createPaymentBody) { b.PaymentReference = ref }
}

// WithMemo sets the remittance text shown on the payee's bank statement.
func WithMemo(memo string) Option {
	return func(b *createPaymentBody) { b.Memo = memo }
}

// WithInstant requests same-day rails (higher fee).
func WithInstant() Option {
	return func(b *createPaymentBody) { b.Speed = "instant" }
}

type createPaymentBody struct {
	PayeeID          string `json:"payee_id"`
	Amount           string `json:"amount"`
	Currency         string `json:"currency"`
	PaymentReference string `json:"payment_reference"`
	Memo             string `json:"memo,omitempty"`
	Payer            string `json:"payer"`
	Speed            string `json:"speed"`
}

// ErrMissingReference is returned when no payment reference was supplied.
var ErrMissingReference = errors.New("payouts: payment_reference is required")

// CreatePayment submits one payment instruction.
func (c *Client) CreatePayment(ctx context.Context, in Instruction, opts ...Option) (*Payment, error) {
	body := createPaymentBody{
		PayeeID:  in.PayeeID,
		Amount:   formatAmount(in.AmountCents),
		Currency: in.Currency,
		Payer:    c.payerName,
		Speed:    "standard",
	}
	for _, o := range opts {
		o(&body)
	}
	if body.PaymentReference == "" {
		return nil, ErrMissingReference
	}
	var out Payment
	err := c.http.Do(ctx, httpreq.Request{
		Method: http.MethodPost,
		Path:   "/api/v1/payments",
		Body:   body,
	}, &out)
	if err != nil {
		return nil, fmt.Errorf("create payment %s: %w", body.PaymentReference, err)
	}
	return &out, nil
}

// GetPayment looks an instruction up by its reference.
func (c *Client) GetPayment(ctx context.Context, reference string) (*Payment, error) {
	var out Payment
	err := c.http.Do(ctx, httpreq.Request{
		Method: http.MethodGet,
		Path:   "/api/v1/payments/" + url.PathEscape(reference),
	}, &out)
	if err != nil {
		return nil, fmt.Errorf("get payment %s: %w", reference, err)
	}
	return &out, nil
}

func formatAmount(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return sign + strconv.FormatInt(cents/100, 10) + "." + fmt.Sprintf("%02d", cents%100)
}
