package bank

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/northwind/payables/internal/platform/retry"
)

// API is the subset of the bank partner used by the services.
type API interface {
	CreateCounterparty(ctx context.Context, req CounterpartyRequest, opts ...Option) (Counterparty, error)
	CreateTransfer(ctx context.Context, req TransferRequest, opts ...Option) (Transfer, error)
	GetQuote(ctx context.Context, req QuoteRequest, opts ...Option) (Quote, error)
	BookConversion(ctx context.Context, req ConversionRequest, opts ...Option) (Conversion, error)
	ReferenceRates(ctx context.Context, base string) (Rates, error)
}

// Option adjusts a single API call.
type Option func(*callOptions)

type callOptions struct {
	idempotencyKey string
	correlationID  string
}

// WithIdempotencyKey sets the Idempotency-Key header for the call. The same
// key is sent on every transport-level retry of the call.
func WithIdempotencyKey(key string) Option {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithCorrelationID sets X-Correlation-Id, which the partner only logs.
func WithCorrelationID(id string) Option {
	return func(o *callOptions) { o.correlationID = id }
}

// Client talks to the bank partner over HTTPS.
type Client struct {
	baseURL string
	apiKey  string
	hc      *http.Client
	policy  retry.Policy
}

// NewClient returns a bank partner client.
func NewClient(baseURL, apiKey string) *Client {
	return &Client{
		baseURL: baseURL,
		apiKey:  apiKey,
		hc:      &http.Client{Timeout: 20 * time.Second},
		policy:  retry.Default,
	}
}

// APIError is a non-2xx response from the partner.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Msg    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("bank: %d %s: %s", e.Status, e.Code, e.Msg)
}

func (e *APIError) retryable() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

func (c *Client) CreateCounterparty(ctx context.Context, req CounterpartyRequest, opts ...Option) (Counterparty, error) {
	var out Counterparty
	err := c.do(ctx, http.MethodPost, "/counterparties", req, &out, opts)
	return out, err
}

func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest, opts ...Option) (Transfer, error) {
	var out Transfer
	err := c.do(ctx, http.MethodPost, "/transfers", req, &out, opts)
	return out, err
}

// GetQuote fetches a firm quote. Quotes are read-only until booked.
func (c *Client) GetQuote(ctx context.Context, req QuoteRequest, opts ...Option) (Quote, error) {
	q := url.Values{}
	q.Set("sell_currency", req.SellCurrency)
	q.Set("buy_currency", req.BuyCurrency)
	if req.BuyMinor > 0 {
		q.Set("buy_amount", strconv.FormatInt(req.BuyMinor, 10))
	}
	if req.SellMinor > 0 {
		q.Set("sell_amount", strconv.FormatInt(req.SellMinor, 10))
	}
	var out Quote
	err := c.do(ctx, http.MethodGet, "/fx/quote?"+q.Encode(), nil, &out, opts)
	return out, err
}

func (c *Client) BookConversion(ctx context.Context, req ConversionRequest, opts ...Option) (Conversion, error) {
	var out Conversion
	err := c.do(ctx, http.MethodPost, "/fx/conversions", req, &out, opts)
	return out, err
}

func (c *Client) ReferenceRates(ctx context.Context, base string) (Rates, error) {
	var out Rates
	err := c.do(ctx, http.MethodGet, "/fx/rates?base="+base, nil, &out, nil)
	return out, err
}

func (c *Client) do(ctx context.Context, method, path string, in, out any, opts []Option) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	var body []byte
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return fmt.Errorf("bank: encode %s: %w", path, err)
		}
	}
	return retry.Do(ctx, c.policy, func() error {
		var rdr io.Reader
		if body != nil {
			rdr = bytes.NewReader(body)
		}
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, rdr)
		if err != nil {
			return retry.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Accept", "application/json")
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if o.idempotencyKey != "" {
			req.Header.Set("Idempotency-Key", o.idempotencyKey)
		}
		if o.correlationID != "" {
			req.Header.Set("X-Correlation-Id", o.correlationID)
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return err // network errors are retried
		}
		defer resp.Body.Close()
		raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if err != nil {
			return err
		}
		if resp.StatusCode >= 300 {
			apiErr := &APIError{Status: resp.StatusCode}
			_ = json.Unmarshal(raw, apiErr)
			if apiErr.retryable() {
				return apiErr
			}
			return retry.Permanent(apiErr)
		}
		if out == nil {
			return nil
		}
		if err := json.Unmarshal(raw, out); err != nil {
			return retry.Permanent(fmt.Errorf("bank: decode %s: %w", path, err))
		}
		return nil
	})
}

// ErrBadSignature is returned when a webhook signature does not verify.
var ErrBadSignature = errors.New("bank: bad webhook signature")

// VerifyWebhook checks the partner's HMAC-SHA256 signature header.
func VerifyWebhook(secret string, signature string, body []byte) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return ErrBadSignature
	}
	return nil
}
