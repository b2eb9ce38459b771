// Package openbanking initiates account-to-account payments from debtors to
// the platform's collection account (PIS).
//
// Payment creation honours the x-idempotency-key header for 24 hours: a
// repeated request with the same key returns the payment created first.
package openbanking

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/kestrelfin/factoring/internal/provider/rest"
)

type Client struct {
	rest        *rest.Client
	creditorAcc Account
	redirectURL string
}

type Account struct {
	IBAN string `json:"iban"`
	Name string `json:"name"`
}

type Option func(*Client, *[]rest.Option)

func WithCredentials(clientID, secret string) Option {
	return func(_ *Client, ro *[]rest.Option) {
		*ro = append(*ro, rest.WithHeader("X-Client-Id", clientID), rest.WithHeader("X-Client-Secret", secret))
	}
}

func WithTimeout(d time.Duration) Option {
	return func(_ *Client, ro *[]rest.Option) { *ro = append(*ro, rest.WithTimeout(d)) }
}

func WithCreditor(iban, name string) Option {
	return func(c *Client, _ *[]rest.Option) { c.creditorAcc = Account{IBAN: iban, Name: name} }
}

func WithRedirectURL(u string) Option {
	return func(c *Client, _ *[]rest.Option) { c.redirectURL = u }
}

func New(baseURL string, opts ...Option) *Client {
	c := &Client{}
	var ro []rest.Option
	for _, o := range opts {
		o(c, &ro)
	}
	c.rest = rest.New(baseURL, ro...)
	return c
}

type PaymentRequest struct {
	// IdempotencyKey is sent as the x-idempotency-key header.
	IdempotencyKey string  `json:"-"`
	Amount         Amount  `json:"instructed_amount"`
	Creditor       Account `json:"creditor_account"`
	DebtorName     string  `json:"debtor_name"`
	DebtorEmail    string  `json:"debtor_email,omitempty"`
	Reference      string  `json:"remittance_information_unstructured"`
	RedirectURL    string  `json:"redirect_url"`
}

type Amount struct {
	Value    string `json:"amount"`
	Currency string `json:"currency"`
}

func MinorAmount(minor int64, currency string) Amount {
	return Amount{Value: fmt.Sprintf("%d.%02d", minor/100, minor%100), Currency: currency}
}

type Payment struct {
	ID           string `json:"payment_id"`
	Status       string `json:"status"`
	AuthorizeURL string `json:"authorisation_url"`
}

func (c *Client) CreatePayment(ctx context.Context, req PaymentRequest) (*Payment, error) {
	if req.Creditor.IBAN == "" {
		req.Creditor = c.creditorAcc
	}
	if req.RedirectURL == "" {
		req.RedirectURL = c.redirectURL
	}
	var out Payment
	err := c.rest.Do(ctx, http.MethodPost, "/pis/v1/payments", req, &out,
		rest.Header("x-idempotency-key", req.IdempotencyKey))
	if err != nil {
		return nil, fmt.Errorf("openbanking: create payment: %w", err)
	}
	return &out, nil
}

func (c *Client) GetPayment(ctx context.Context, id string) (*Payment, error) {
	var out Payment
	if err := c.rest.Do(ctx, http.MethodGet, "/pis/v1/payments/"+url.PathEscape(id), nil, &out); err != nil {
		return nil, fmt.Errorf("openbanking: get payment: %w", err)
	}
	return &out, nil
}

// StatusEvent is the body of a payment status callback.
type StatusEvent struct {
	EventID   string    `json:"event_id"`
	PaymentID string    `json:"payment_id"`
	Status    string    `json:"status"`
	Reason    string    `json:"reason_code,omitempty"`
	Timestamp time.Time `json:"timestamp"`
}

const (
	StatusCompleted = "ACSC"
	StatusRejected  = "RJCT"
	StatusCancelled = "CANC"
)

const SignatureHeader = "X-OB-Signature"

func VerifySignature(secret, header string, body []byte) bool {
	return rest.VerifyHMAC(secret, header, body, 10*time.Minute, time.Now())
}
