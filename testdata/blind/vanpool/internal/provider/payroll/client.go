// Package payroll is the client for the payroll provider's deductions API.
//
// The provider deduplicates POSTs on the Idempotency-Key header for 30 days:
// a repeated key returns the original object instead of creating another.
package payroll

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/pooltrack/vanpool/internal/config"
	"github.com/pooltrack/vanpool/internal/platform/httpclient"
)

// Client talks to the payroll provider.
type Client struct {
	http      *retryablehttp.Client
	baseURL   string
	apiKey    string
	companyID string
}

// NewClient builds a payroll client from config.
func NewClient(cfg *config.Config, log *slog.Logger) *Client {
	return &Client{
		http: httpclient.New(log, httpclient.Options{
			Name:     "payroll",
			Timeout:  cfg.Payroll.Timeout,
			RetryMax: cfg.Payroll.RetryMax,
		}),
		baseURL:   cfg.Payroll.BaseURL,
		apiKey:    cfg.Payroll.APIKey,
		companyID: cfg.Payroll.AccountRef,
	}
}

// DeductionRequest is a one-off post-tax deduction on a worker's next pay run.
type DeductionRequest struct {
	WorkerID    string `json:"worker_id"`
	Code        string `json:"deduction_code"`
	AmountCents int64  `json:"amount_cents"`
	PayDate     string `json:"pay_date"`
	Memo        string `json:"memo"`
	ExternalRef string `json:"external_ref,omitempty"`
}

// Deduction is the provider's view of a deduction.
type Deduction struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// AdjustmentRequest is a one-off credit (negative deduction) to a worker.
type AdjustmentRequest struct {
	WorkerID    string `json:"worker_id"`
	Code        string `json:"adjustment_code"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
	ExternalRef string `json:"external_ref,omitempty"`
}

// Adjustment is the provider's view of an adjustment.
type Adjustment struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// CallOption tunes a single call.
type CallOption func(h http.Header)

// WithIdempotencyKey sets the provider's Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(h http.Header) {
		if key != "" {
			h.Set("Idempotency-Key", key)
		}
	}
}

func (c *Client) headers(opts ...CallOption) http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	h.Set("X-Company-Id", c.companyID)
	for _, o := range opts {
		o(h)
	}
	return h
}

// CreateDeduction schedules a deduction. idempotencyKey is sent as the
// provider's Idempotency-Key header.
func (c *Client) CreateDeduction(ctx context.Context, idempotencyKey string, req DeductionRequest) (*Deduction, error) {
	var out Deduction
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Provider: "payroll",
		Method:   http.MethodPost,
		URL:      c.baseURL + "/v2/companies/" + c.companyID + "/deductions",
		Headers:  c.headers(WithIdempotencyKey(idempotencyKey)),
		Body:     req,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateAdjustment posts a credit to the worker's next pay run.
func (c *Client) CreateAdjustment(ctx context.Context, req AdjustmentRequest, opts ...CallOption) (*Adjustment, error) {
	var out Adjustment
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Provider: "payroll",
		Method:   http.MethodPost,
		URL:      c.baseURL + "/v2/companies/" + c.companyID + "/adjustments",
		Headers:  c.headers(opts...),
		Body:     req,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// WebhookEvent is a deduction status notification.
type WebhookEvent struct {
	ID         string    `json:"id"`
	Type       string    `json:"type"`
	OccurredAt time.Time `json:"occurred_at"`
	Data       struct {
		DeductionID string `json:"deduction_id"`
		Status      string `json:"status"`
		Reason      string `json:"reason"`
		ExternalRef string `json:"external_ref"`
	} `json:"data"`
}

// VerifySignature checks the X-Payroll-Signature header (hex HMAC-SHA256 of
// "<timestamp>.<body>").
func VerifySignature(secret, timestamp, signature string, body []byte) error {
	mac := hmac.New(sha256.New, []byte(secret))
	fmt.Fprintf(mac, "%s.", timestamp)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return fmt.Errorf("payroll: bad webhook signature")
	}
	return nil
}
