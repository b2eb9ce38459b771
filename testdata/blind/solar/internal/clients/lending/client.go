// Package lending is the client for the lending partner's origination API.
package lending

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Client talks to the lending partner. Transport-level retries (connection
// errors, 429 and 5xx) are handled by retryablehttp.
type Client struct {
	http    *retryablehttp.Client
	baseURL string
	apiKey  string
}

// Config configures the client.
type Config struct {
	BaseURL  string
	APIKey   string
	RetryMax int
}

// New builds a Client.
func New(cfg Config) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = cfg.RetryMax
	if rc.RetryMax == 0 {
		rc.RetryMax = 3
	}
	rc.RetryWaitMin = 250 * time.Millisecond
	rc.RetryWaitMax = 5 * time.Second
	rc.HTTPClient.Timeout = 20 * time.Second
	rc.Logger = slog.Default()
	return &Client{http: rc, baseURL: cfg.BaseURL, apiKey: cfg.APIKey}
}

// RequestOption customises an outgoing request.
type RequestOption func(*retryablehttp.Request)

// WithIdempotencyKey sets the Idempotency-Key header. The partner stores the
// first response for a key for 72 hours and replays it for repeats.
func WithIdempotencyKey(key string) RequestOption {
	return func(r *retryablehttp.Request) {
		r.Header.Set("Idempotency-Key", key)
	}
}

// WithCorrelationID propagates our request id into the partner's logs.
func WithCorrelationID(id string) RequestOption {
	return func(r *retryablehttp.Request) {
		if id != "" {
			r.Header.Set("X-Correlation-Id", id)
		}
	}
}

// WithDealer scopes the call to a dealer sub-account.
func WithDealer(code string) RequestOption {
	return func(r *retryablehttp.Request) {
		r.Header.Set("X-Dealer-Code", code)
	}
}

func (c *Client) newRequest(ctx context.Context, method, path string, body any, opts ...RequestOption) (*retryablehttp.Request, error) {
	var buf io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		buf = bytes.NewReader(raw)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, buf)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, opt := range opts {
		opt(req)
	}
	return req, nil
}

func (c *Client) do(req *retryablehttp.Request, out any) error {
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return &APIError{Status: resp.StatusCode, Body: string(b)}
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// APIError is a non-2xx answer from the partner.
type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("lending: status %d: %s", e.Status, e.Body)
}

// Applicant is the borrower block of an application.
type Applicant struct {
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	Email        string `json:"email"`
	Phone        string `json:"phone"`
	SSNLast4     string `json:"ssn_last4"`
	AnnualIncome int64  `json:"annual_income_cents"`
}

// Application is a credit application for a solar loan.
type Application struct {
	// ExternalRef is echoed back on webhooks and in funding reports.
	ExternalRef    string    `json:"external_ref"`
	Applicant      Applicant `json:"applicant"`
	PropertyAddr   string    `json:"property_address"`
	AmountCents    int64     `json:"amount_cents"`
	TermMonths     int       `json:"term_months"`
	ProductCode    string    `json:"product_code"`
	SoftPullOnly   bool      `json:"soft_pull_only"`
	SystemSizeWatt int64     `json:"system_size_watts"`
}

// ApplicationResult is the partner's answer to a submission.
type ApplicationResult struct {
	ApplicationRef string  `json:"application_ref"`
	Status         string  `json:"status"`
	Offers         []Offer `json:"offers"`
}

// Offer is one loan offer.
type Offer struct {
	ID         string  `json:"id"`
	APR        float64 `json:"apr"`
	TermMonths int     `json:"term_months"`
	Monthly    int64   `json:"monthly_payment_cents"`
}

// Acceptance is the result of accepting an offer.
type Acceptance struct {
	LoanRef string `json:"loan_ref"`
	Status  string `json:"status"`
}

// SubmitApplication submits a credit application.
func (c *Client) SubmitApplication(ctx context.Context, app Application, opts ...RequestOption) (*ApplicationResult, error) {
	req, err := c.newRequest(ctx, http.MethodPost, "/applications", app, opts...)
	if err != nil {
		return nil, err
	}
	var out ApplicationResult
	if err := c.do(req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// AcceptOffer accepts one of the offers on an application.
func (c *Client) AcceptOffer(ctx context.Context, applicationRef, offerID string, opts ...RequestOption) (*Acceptance, error) {
	path := fmt.Sprintf("/applications/%s/offers/%s/accept", applicationRef, offerID)
	req, err := c.newRequest(ctx, http.MethodPost, path, nil, opts...)
	if err != nil {
		return nil, err
	}
	var out Acceptance
	if err := c.do(req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetApplication fetches the current state of an application.
func (c *Client) GetApplication(ctx context.Context, applicationRef string) (*ApplicationResult, error) {
	req, err := c.newRequest(ctx, http.MethodGet, "/applications/"+applicationRef, nil)
	if err != nil {
		return nil, err
	}
	var out ApplicationResult
	if err := c.do(req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
