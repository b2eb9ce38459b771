// Package suretyapi is the client for Granite Surety's agent API: the
// insurer that underwrites the agency's bonds. The agency reports
// forfeitures to it, submits the nightly bordereau of bonds written, and
// receives callbacks when powers are issued or fees assessed.
package suretyapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
)

// Client talks to the surety's agent API.
type Client struct {
	baseURL    string
	apiKey     string
	agencyCode string
	http       *http.Client
	attempts   uint
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the default http.Client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithAttempts sets how many times a retryable call is tried.
func WithAttempts(n uint) Option { return func(c *Client) { c.attempts = n } }

// New builds a Client for the agency identified by agencyCode.
func New(baseURL, apiKey, agencyCode string, opts ...Option) *Client {
	c := &Client{
		baseURL:    baseURL,
		apiKey:     apiKey,
		agencyCode: agencyCode,
		http:       &http.Client{Timeout: 30 * time.Second},
		attempts:   3,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

type callConfig struct {
	idempotencyKey string
}

// CallOption adjusts a single call.
type CallOption func(*callConfig)

// WithIdempotencyKey makes the surety collapse repeats of the call. Only the
// forfeiture endpoints honour it.
func WithIdempotencyKey(k string) CallOption { return func(c *callConfig) { c.idempotencyKey = k } }

// ForfeitureReport tells the surety a court has forfeited one of its powers.
type ForfeitureReport struct {
	PowerNumber  string `json:"power_number"`
	County       string `json:"county"`
	CaseNumber   string `json:"case_number"`
	NoticeNumber string `json:"notice_number"`
	ForfeitedOn  string `json:"forfeited_on"`
	AmountCents  int64  `json:"amount_cents"`
}

// ForfeitureAck is the surety's receipt for a report.
type ForfeitureAck struct {
	ClaimNumber string `json:"claim_number"`
}

// ReportForfeiture opens a forfeiture claim at the surety.
func (c *Client) ReportForfeiture(ctx context.Context, r ForfeitureReport, opts ...CallOption) (*ForfeitureAck, error) {
	var ack ForfeitureAck
	err := c.postJSON(ctx, "/agencies/"+c.agencyCode+"/forfeitures", r, &ack, true, opts...)
	return &ack, err
}

// BordereauLine is one bond written on the business date.
type BordereauLine struct {
	PowerNumber     string `json:"power_number"`
	County          string `json:"county"`
	CaseNumber      string `json:"case_number"`
	BailAmountCents int64  `json:"bail_amount_cents"`
	PremiumCents    int64  `json:"premium_cents"`
}

// Bordereau is the daily report of bonds written under the surety's powers.
type Bordereau struct {
	BusinessDate string          `json:"business_date"`
	Lines        []BordereauLine `json:"lines"`
	PremiumCents int64           `json:"premium_cents"`
	NetDueCents  int64           `json:"net_due_cents"`
}

// BordereauReceipt identifies an accepted bordereau.
type BordereauReceipt struct {
	ID string `json:"bordereau_id"`
}

// SubmitBordereau uploads the day's bordereau. Each accepted upload is booked
// by the surety as a separate report; the endpoint takes no idempotency key.
// It is not retried here because uploads can be large and slow to process.
func (c *Client) SubmitBordereau(ctx context.Context, b Bordereau) (*BordereauReceipt, error) {
	var rcpt BordereauReceipt
	err := c.postJSON(ctx, "/agencies/"+c.agencyCode+"/bordereaux", b, &rcpt, false)
	return &rcpt, err
}

func (c *Client) postJSON(ctx context.Context, path string, in, out any, retryable bool, opts ...CallOption) error {
	var cc callConfig
	for _, o := range opts {
		o(&cc)
	}
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	call := func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
		if err != nil {
			return retry.Unrecoverable(err)
		}
		req.Header.Set("Authorization", "ApiKey "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		if cc.idempotencyKey != "" {
			req.Header.Set("Idempotency-Key", cc.idempotencyKey)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 256<<10))
		if resp.StatusCode >= 500 {
			return fmt.Errorf("suretyapi: %s returned %d", path, resp.StatusCode)
		}
		if resp.StatusCode >= 300 {
			return retry.Unrecoverable(fmt.Errorf("suretyapi: %s returned %d: %s", path, resp.StatusCode, raw))
		}
		if out == nil {
			return nil
		}
		return json.Unmarshal(raw, out)
	}
	if !retryable {
		return call()
	}
	return retry.Do(call,
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(time.Second),
		retry.LastErrorOnly(true),
	)
}
