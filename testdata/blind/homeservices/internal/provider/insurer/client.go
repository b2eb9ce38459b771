// Package insurer is the client for Shieldline, the home-warranty insurer
// that covers warranty repairs.
//
// Shieldline stores the Idempotency-Key header of POST requests for 24h and
// answers a repeated key with the original response. X-Correlation-ID is
// logged on their side for support tickets.
package insurer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/google/wire"

	"github.com/tradeloop/homeservices/internal/config"
	"github.com/tradeloop/homeservices/internal/platform/retry"
)

// ProviderSet provides the insurer client and webhook verifier.
var ProviderSet = wire.NewSet(NewConfig, NewClient, wire.Bind(new(API), new(*Client)), NewVerifier)

// Config holds Shieldline credentials.
type Config struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	Timeout       time.Duration
}

// NewConfig extracts insurer settings from the app config.
func NewConfig(c *config.Config) Config {
	return Config{
		BaseURL:       c.InsurerBaseURL,
		APIKey:        c.InsurerAPIKey,
		WebhookSecret: c.InsurerWebhookSecret,
		Timeout:       c.OutboundTimeout,
	}
}

// ClaimRequest opens a claim against a policy.
type ClaimRequest struct {
	PolicyNumber      string    `json:"policy_number"`
	ExternalReference string    `json:"external_reference"`
	Trade             string    `json:"trade"`
	Description       string    `json:"description"`
	ServiceAddress    string    `json:"service_address"`
	ReportedAt        time.Time `json:"reported_at"`
	ContractorID      string    `json:"contractor_id,omitempty"`
}

// ClaimResponse is the opened claim.
type ClaimResponse struct {
	ClaimRef string `json:"claim_ref"`
	Status   string `json:"status"`
}

// InvoiceRequest bills the insurer for a covered repair.
type InvoiceRequest struct {
	ExternalReference string `json:"external_reference"`
	AmountCents       int64  `json:"amount_cents"`
	Currency          string `json:"currency"`
	AuthorizationRef  string `json:"authorization_ref,omitempty"`
}

// InvoiceResponse is the accepted invoice.
type InvoiceResponse struct {
	InvoiceRef string `json:"invoice_ref"`
}

// API is the subset of Shieldline we call.
type API interface {
	SubmitClaim(ctx context.Context, req ClaimRequest, opts ...RequestOption) (*ClaimResponse, error)
	SubmitInvoice(ctx context.Context, claimRef string, req InvoiceRequest, opts ...RequestOption) (*InvoiceResponse, error)
}

type requestOptions struct {
	idempotencyKey string
	policy         *retry.Policy
}

// RequestOption customises one call.
type RequestOption func(*requestOptions)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) RequestOption {
	return func(o *requestOptions) { o.idempotencyKey = key }
}

// WithRetryPolicy overrides the in-process retry policy for one call.
func WithRetryPolicy(p retry.Policy) RequestOption {
	return func(o *requestOptions) { o.policy = &p }
}

// Client implements API over net/http.
type Client struct {
	cfg    Config
	http   *http.Client
	policy retry.Policy
}

// NewClient builds a Client.
func NewClient(cfg Config) *Client {
	return &Client{cfg: cfg, http: &http.Client{Timeout: cfg.Timeout}, policy: retry.DefaultPolicy()}
}

// APIError is a non-2xx answer.
type APIError struct {
	Status int    `json:"-"`
	Code   string `json:"error_code"`
	Detail string `json:"detail"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("shieldline: %d %s: %s", e.Status, e.Code, e.Detail)
}

// Temporary reports whether the request may succeed if repeated.
func (e *APIError) Temporary() bool { return e.Status == 429 || e.Status == 409 || e.Status >= 500 }

// SubmitClaim opens a claim.
func (c *Client) SubmitClaim(ctx context.Context, req ClaimRequest, opts ...RequestOption) (*ClaimResponse, error) {
	var out ClaimResponse
	if err := c.post(ctx, "/v1/claims", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// SubmitInvoice bills a claim.
func (c *Client) SubmitInvoice(ctx context.Context, claimRef string, req InvoiceRequest, opts ...RequestOption) (*InvoiceResponse, error) {
	var out InvoiceResponse
	if err := c.post(ctx, "/v1/claims/"+claimRef+"/invoices", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) post(ctx context.Context, path string, in, out any, opts []RequestOption) error {
	o := requestOptions{}
	for _, fn := range opts {
		fn(&o)
	}
	policy := c.policy
	if o.policy != nil {
		policy = *o.policy
	}
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	return retry.Do(ctx, policy, "insurer"+path, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+path, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Correlation-ID", uuid.NewString())
		if o.idempotencyKey != "" {
			req.Header.Set("Idempotency-Key", o.idempotencyKey)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return fmt.Errorf("shieldline: %s: %w", path, err)
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if err != nil {
			return err
		}
		if resp.StatusCode >= 300 {
			apiErr := &APIError{Status: resp.StatusCode}
			_ = json.Unmarshal(data, apiErr)
			return apiErr
		}
		return json.Unmarshal(data, out)
	})
}
