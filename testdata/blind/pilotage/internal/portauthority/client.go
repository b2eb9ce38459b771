// Package portauthority is the client for the port authority's pilotage
// API: boarding notices, completion notices and the monthly statement.
//
// The v2 endpoints honour an Idempotency-Key header for 72 hours: a
// repeated key returns the original response without filing again. The
// v1 boarding notice predates that and ignores the header.
package portauthority

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/harbourline-systems/pilotage/internal/config"
	"github.com/harbourline-systems/pilotage/internal/httpx"
)

type Client struct {
	http    *retryablehttp.Client
	baseURL string
	token   string
}

func NewClient(cfg config.Config, log *slog.Logger) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = cfg.PortAuthority.RetryMax
	rc.RetryWaitMin = 500 * time.Millisecond
	rc.RetryWaitMax = 8 * time.Second
	rc.HTTPClient.Timeout = cfg.PortAuthority.Timeout
	rc.Logger = log.With("client", "portauthority")
	return &Client{http: rc, baseURL: cfg.PortAuthority.BaseURL, token: cfg.PortAuthority.Token}
}

// CallOption adjusts a single request.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the Idempotency-Key header on a v2 call.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

type BoardingNotice struct {
	VesselIMO string    `json:"vessel_imo"`
	PilotID   string    `json:"pilot_licence"`
	Movement  string    `json:"movement"`
	BoardedAt time.Time `json:"boarded_at"`
	Latitude  *float64  `json:"lat,omitempty"`
	Longitude *float64  `json:"lon,omitempty"`
}

type CompletionNotice struct {
	JobReference  string    `json:"job_reference"`
	VesselIMO     string    `json:"vessel_imo"`
	PilotID       string    `json:"pilot_licence"`
	Movement      string    `json:"movement"`
	BoardedAt     time.Time `json:"boarded_at"`
	DisembarkedAt time.Time `json:"disembarked_at"`
}

type Statement struct {
	Period       string `json:"period"`
	Movements    int32  `json:"movements"`
	GrossTonnage int64  `json:"gross_tonnage"`
	DuesCents    int64  `json:"dues_cents"`
	Currency     string `json:"currency"`
}

type FilingReceipt struct {
	Reference string    `json:"reference"`
	FiledAt   time.Time `json:"filed_at"`
}

// NotifyPilotBoarded tells the vessel traffic service that a pilot is on
// board. v1 endpoint: no idempotency support.
func (c *Client) NotifyPilotBoarded(ctx context.Context, n BoardingNotice) error {
	return c.post(ctx, "/v1/pilot-boarding", n, nil, callOptions{})
}

// SubmitCompletionNotice records a completed pilotage act.
func (c *Client) SubmitCompletionNotice(ctx context.Context, n CompletionNotice, opts ...CallOption) error {
	return c.post(ctx, "/v2/pilotage/completions", n, nil, collect(opts))
}

// FileMonthlyStatement files the monthly pilotage statement.
func (c *Client) FileMonthlyStatement(ctx context.Context, s Statement, opts ...CallOption) (FilingReceipt, error) {
	var out FilingReceipt
	err := c.post(ctx, "/v2/pilotage/statements", s, &out, collect(opts))
	return out, err
}

func collect(opts []CallOption) callOptions {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

func (c *Client) post(ctx context.Context, path string, in, out any, o callOptions) error {
	body, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("portauthority: encode %s: %w", path, err)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/json")
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("portauthority: %s: %w", path, err)
	}
	defer resp.Body.Close()
	return httpx.DecodeResponse(resp, out)
}
