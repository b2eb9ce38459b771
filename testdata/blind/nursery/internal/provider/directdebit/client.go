// Package directdebit is the client for the direct-debit payments partner:
// mandates, payment collections and webhook verification.
//
// The partner honours an Idempotency-Key header on every POST: a second
// request with a key it has seen in the last 30 days returns the resource
// created by the first one (HTTP 409 with the original in the body on the
// legacy endpoints, 200/201 on v2).
package directdebit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Config is read from the environment by internal/config.
type Config struct {
	BaseURL       string
	AccessToken   string
	WebhookSecret string
	Timeout       time.Duration
	MaxElapsed    time.Duration
}

// Attempt describes one HTTP round trip, for the collection attempt log.
type Attempt struct {
	Operation  string
	Reference  string
	StatusCode int
	Err        error
	At         time.Time
}

// Client talks to the partner's REST API.
type Client struct {
	baseURL    string
	token      string
	http       *http.Client
	newBackOff func() backoff.BackOff

	// OnAttempt, when set, is called after every HTTP attempt, including the
	// ones retried by the backoff policy.
	OnAttempt func(ctx context.Context, a Attempt)
}

func NewClient(cfg Config) *Client {
	maxElapsed := cfg.MaxElapsed
	if maxElapsed == 0 {
		maxElapsed = 30 * time.Second
	}
	return &Client{
		baseURL: cfg.BaseURL,
		token:   cfg.AccessToken,
		http:    &http.Client{Timeout: cfg.Timeout},
		newBackOff: func() backoff.BackOff {
			b := backoff.NewExponentialBackOff()
			b.InitialInterval = 250 * time.Millisecond
			b.MaxElapsedTime = maxElapsed
			return backoff.WithMaxRetries(b, 5)
		},
	}
}

// APIError is a non-2xx answer from the partner.
type APIError struct {
	Status  int
	Type    string `json:"type"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("directdebit: %d %s: %s", e.Status, e.Code, e.Message)
}

// CallOption tunes a single request.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
	reference      string
}

// WithIdempotencyKey sets the Idempotency-Key header. The same key is sent on
// every attempt the client makes for this call.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithReference tags the attempt log entries of this call.
func WithReference(ref string) CallOption {
	return func(o *callOptions) { o.reference = ref }
}

type Customer struct {
	GivenName  string `json:"given_name"`
	FamilyName string `json:"family_name"`
	Email      string `json:"email"`
}

type BankAccount struct {
	AccountHolderName string `json:"account_holder_name"`
	SortCode          string `json:"branch_code"`
	AccountNumber     string `json:"account_number"`
	CountryCode       string `json:"country_code"`
}

type MandateRequest struct {
	Customer    Customer          `json:"customer"`
	BankAccount BankAccount       `json:"customer_bank_account"`
	Scheme      string            `json:"scheme"`
	Reference   string            `json:"reference,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

type Mandate struct {
	ID                     string `json:"id"`
	Status                 string `json:"status"`
	NextPossibleChargeDate string `json:"next_possible_charge_date"`
}

type PaymentRequest struct {
	AmountPence int64             `json:"amount"`
	Currency    string            `json:"currency"`
	MandateID   string            `json:"mandate"`
	ChargeDate  string            `json:"charge_date,omitempty"`
	Reference   string            `json:"reference,omitempty"`
	Description string            `json:"description,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

type Payment struct {
	ID         string `json:"id"`
	Status     string `json:"status"`
	ChargeDate string `json:"charge_date"`
}

// CreateMandate registers a Bacs mandate for the customer's bank account.
func (c *Client) CreateMandate(ctx context.Context, req MandateRequest, opts ...CallOption) (Mandate, error) {
	if req.Scheme == "" {
		req.Scheme = "bacs"
	}
	var out struct {
		Mandates Mandate `json:"mandates"`
	}
	err := c.post(ctx, "create_mandate", "/mandates", map[string]any{"mandates": req}, &out, opts)
	return out.Mandates, err
}

// CreatePayment asks the partner to collect amount against a mandate.
func (c *Client) CreatePayment(ctx context.Context, req PaymentRequest, opts ...CallOption) (Payment, error) {
	if req.Currency == "" {
		req.Currency = "GBP"
	}
	var out struct {
		Payments Payment `json:"payments"`
	}
	err := c.post(ctx, "create_payment", "/payments", map[string]any{"payments": req}, &out, opts)
	return out.Payments, err
}

func (c *Client) post(ctx context.Context, op, path string, in, out any, opts []CallOption) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	body, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("directdebit: encode %s: %w", op, err)
	}

	attempt := func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Partner-Version", "2024-10-01")
		if o.idempotencyKey != "" {
			req.Header.Set("Idempotency-Key", o.idempotencyKey)
		}

		resp, err := c.http.Do(req)
		if err != nil {
			c.record(ctx, op, o.reference, 0, err)
			return err
		}
		defer resp.Body.Close()
		raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if err != nil {
			c.record(ctx, op, o.reference, resp.StatusCode, err)
			return err
		}
		c.record(ctx, op, o.reference, resp.StatusCode, nil)

		switch {
		case resp.StatusCode >= 200 && resp.StatusCode < 300:
			return json.Unmarshal(raw, out)
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
			return decodeError(resp.StatusCode, raw)
		default:
			return backoff.Permanent(decodeError(resp.StatusCode, raw))
		}
	}

	return backoff.Retry(attempt, backoff.WithContext(c.newBackOff(), ctx))
}

func (c *Client) record(ctx context.Context, op, ref string, status int, err error) {
	if c.OnAttempt == nil {
		return
	}
	c.OnAttempt(ctx, Attempt{Operation: op, Reference: ref, StatusCode: status, Err: err, At: time.Now()})
}

func decodeError(status int, raw []byte) error {
	var env struct {
		Error APIError `json:"error"`
	}
	if err := json.Unmarshal(raw, &env); err != nil || env.Error.Code == "" {
		return &APIError{Status: status, Code: "unknown", Message: string(raw)}
	}
	env.Error.Status = status
	return &env.Error
}

// IsConflict reports whether err is the partner refusing a duplicate.
func IsConflict(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.Status == http.StatusConflict
}
