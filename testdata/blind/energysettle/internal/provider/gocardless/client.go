package gocardless

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gridwise-energy/energysettle/internal/platform/retry"
)

// Client talks to the provider's REST API.
type Client struct {
	baseURL string
	token   string
	version string
	http    *http.Client
	log     *slog.Logger
	newKey  func() string
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient overrides the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(c *Client) { c.log = l } }

// WithKeyGenerator sets the generator used by helpers that need to mint an
// idempotency key themselves.
func WithKeyGenerator(f func() string) Option { return func(c *Client) { c.newKey = f } }

// New builds a Client.
func New(baseURL, token, version string, opts ...Option) *Client {
	c := &Client{
		baseURL: baseURL,
		token:   token,
		version: version,
		http:    &http.Client{Timeout: 20 * time.Second},
		log:     slog.Default(),
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// RequestOption configures a single create request.
type RequestOption func(*requestOptions)

type requestOptions struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the Idempotency-Key header. The provider stores
// the key for at least 24 hours; a repeat create with the same key returns
// 409 idempotent_creation_conflict naming the original resource.
func WithIdempotencyKey(key string) RequestOption {
	return func(o *requestOptions) { o.idempotencyKey = key }
}

func collect(opts []RequestOption) requestOptions {
	var ro requestOptions
	for _, o := range opts {
		o(&ro)
	}
	return ro
}

// do performs one API call. Requests are retried on transport errors, 429
// and 5xx only when they are safe to repeat: GETs, and POSTs that carry an
// idempotency key.
func (c *Client) do(ctx context.Context, method, path string, body any, ro requestOptions, out any) error {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return fmt.Errorf("gocardless: encode %s: %w", path, err)
		}
	}
	attempt := func() error {
		var rdr io.Reader
		if payload != nil {
			rdr = bytes.NewReader(payload)
		}
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, rdr)
		if err != nil {
			return retry.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("GoCardless-Version", c.version)
		req.Header.Set("Accept", "application/json")
		if payload != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if ro.idempotencyKey != "" {
			req.Header.Set("Idempotency-Key", ro.idempotencyKey)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if err != nil {
			return err
		}
		if resp.StatusCode >= 300 {
			apiErr := decodeError(resp.StatusCode, raw)
			if apiErr.Retryable() {
				return apiErr
			}
			return retry.Permanent(apiErr)
		}
		if out != nil {
			if err := json.Unmarshal(raw, out); err != nil {
				return retry.Permanent(fmt.Errorf("gocardless: decode %s: %w", path, err))
			}
		}
		return nil
	}

	safeToRepeat := method == http.MethodGet || ro.idempotencyKey != ""
	if !safeToRepeat {
		err := attempt()
		return unwrapPermanent(err)
	}
	err := retry.Do(ctx, retry.Outbound, attempt, func(err error, wait time.Duration) {
		c.log.Warn("gocardless call failed, retrying", "method", method, "path", path, "wait", wait, "err", err)
	})
	return unwrapPermanent(err)
}

func unwrapPermanent(err error) error {
	if err == nil {
		return nil
	}
	type unwrapper interface{ Unwrap() error }
	if retry.IsPermanent(err) {
		if u, ok := err.(unwrapper); ok {
			return u.Unwrap()
		}
	}
	return err
}

func decodeError(status int, raw []byte) *APIError {
	var env struct {
		Error APIError `json:"error"`
	}
	if err := json.Unmarshal(raw, &env); err != nil || env.Error.Message == "" {
		return &APIError{StatusCode: status, Type: "http_error", Message: http.StatusText(status)}
	}
	env.Error.StatusCode = status
	return &env.Error
}

// CreateCustomer creates a payer.
func (c *Client) CreateCustomer(ctx context.Context, p CustomerParams, opts ...RequestOption) (*Customer, error) {
	var out struct {
		Customers Customer `json:"customers"`
	}
	err := c.do(ctx, http.MethodPost, "/customers", map[string]any{"customers": p}, collect(opts), &out)
	if err != nil {
		return nil, err
	}
	return &out.Customers, nil
}

// CreateCustomerBankAccount attaches a bank account to a payer.
func (c *Client) CreateCustomerBankAccount(ctx context.Context, p CustomerBankAccountParams, opts ...RequestOption) (*CustomerBankAccount, error) {
	var out struct {
		Accounts CustomerBankAccount `json:"customer_bank_accounts"`
	}
	err := c.do(ctx, http.MethodPost, "/customer_bank_accounts", map[string]any{"customer_bank_accounts": p}, collect(opts), &out)
	if err != nil {
		return nil, err
	}
	return &out.Accounts, nil
}

// CreateMandate creates a Direct Debit mandate against a bank account.
func (c *Client) CreateMandate(ctx context.Context, p MandateParams, opts ...RequestOption) (*Mandate, error) {
	var out struct {
		Mandates Mandate `json:"mandates"`
	}
	err := c.do(ctx, http.MethodPost, "/mandates", map[string]any{"mandates": p}, collect(opts), &out)
	if err != nil {
		return nil, err
	}
	return &out.Mandates, nil
}

// CreatePayment creates a collection. When the idempotency key was used
// before, the original payment is fetched and returned.
func (c *Client) CreatePayment(ctx context.Context, p PaymentParams, opts ...RequestOption) (*Payment, error) {
	var out struct {
		Payments Payment `json:"payments"`
	}
	err := c.do(ctx, http.MethodPost, "/payments", map[string]any{"payments": p}, collect(opts), &out)
	if err != nil {
		if apiErr, ok := AsAPIError(err); ok {
			if id, conflict := apiErr.ConflictingResource(); conflict {
				return c.GetPayment(ctx, id)
			}
		}
		return nil, err
	}
	return &out.Payments, nil
}

// GetPayment fetches a payment.
func (c *Client) GetPayment(ctx context.Context, id string) (*Payment, error) {
	var out struct {
		Payments Payment `json:"payments"`
	}
	if err := c.do(ctx, http.MethodGet, "/payments/"+id, nil, requestOptions{}, &out); err != nil {
		return nil, err
	}
	return &out.Payments, nil
}

// CancelPayment cancels a payment that has not yet been submitted to the
// banks. Cancelling an already-cancelled payment succeeds.
func (c *Client) CancelPayment(ctx context.Context, id string) (*Payment, error) {
	var out struct {
		Payments Payment `json:"payments"`
	}
	err := c.do(ctx, http.MethodPost, "/payments/"+id+"/actions/cancel", map[string]any{"data": map[string]any{}}, requestOptions{}, &out)
	if err != nil {
		if apiErr, ok := AsAPIError(err); ok && apiErr.StatusCode == 422 {
			if p, gerr := c.GetPayment(ctx, id); gerr == nil && p.Status == "cancelled" {
				return p, nil
			}
			if apiErr.HasReason("cancellation_failed") {
				return nil, ErrCancellationFailed
			}
		}
		return nil, err
	}
	return &out.Payments, nil
}

// CreateRefund refunds (part of) a payment.
func (c *Client) CreateRefund(ctx context.Context, p RefundParams, opts ...RequestOption) (*Refund, error) {
	var out struct {
		Refunds Refund `json:"refunds"`
	}
	err := c.do(ctx, http.MethodPost, "/refunds", map[string]any{"refunds": p}, collect(opts), &out)
	if err != nil {
		if apiErr, ok := AsAPIError(err); ok {
			if id, conflict := apiErr.ConflictingResource(); conflict {
				return c.GetRefund(ctx, id)
			}
		}
		return nil, err
	}
	return &out.Refunds, nil
}

// GetRefund fetches a refund.
func (c *Client) GetRefund(ctx context.Context, id string) (*Refund, error) {
	var out struct {
		Refunds Refund `json:"refunds"`
	}
	if err := c.do(ctx, http.MethodGet, "/refunds/"+id, nil, requestOptions{}, &out); err != nil {
		return nil, err
	}
	return &out.Refunds, nil
}
