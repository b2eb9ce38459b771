// Package insurer is a client for the fleet insurer's claims API.
//
// The API accepts an Idempotency-Key header on every POST: a repeated key
// within 72 hours returns the original response instead of acting again.
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

	"github.com/acme/fleet/internal/config"
)

// Client calls the claims API.
type Client struct {
	baseURL     string
	apiKey      string
	hc          *http.Client
	maxAttempts int
	backoff     func(attempt int) time.Duration
}

func New(cfg config.Config) *Client {
	return &Client{
		baseURL:     cfg.InsurerURL,
		apiKey:      cfg.InsurerKey,
		hc:          &http.Client{Timeout: cfg.ProviderTimeout},
		maxAttempts: 4,
		backoff: func(attempt int) time.Duration {
			return time.Duration(attempt*attempt) * 250 * time.Millisecond
		},
	}
}

// RequestOption adjusts an outgoing request.
type RequestOption func(*http.Request)

// WithIdempotencyKey makes the insurer deduplicate the request on key.
func WithIdempotencyKey(key string) RequestOption {
	return func(r *http.Request) { r.Header.Set("Idempotency-Key", key) }
}

// FileClaimRequest is the body of POST /v2/claims.
type FileClaimRequest struct {
	PolicyNumber string    `json:"policy_number"`
	VehicleVIN   string    `json:"vehicle_vin"`
	Plate        string    `json:"plate"`
	IncidentAt   time.Time `json:"incident_at"`
	Description  string    `json:"description"`
	PhotoURLs    []string  `json:"photo_urls"`
	Reference    string    `json:"reference"`
}

type FileClaimResponse struct {
	ClaimNumber string `json:"claim_number"`
	Status      string `json:"status"`
}

// FileClaim opens a claim with the insurer.
func (c *Client) FileClaim(ctx context.Context, req FileClaimRequest, opts ...RequestOption) (*FileClaimResponse, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	var out FileClaimResponse
	if err := c.do(ctx, http.MethodPost, "/v2/claims", body, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// do sends the request, retrying transport errors and 5xx answers with the
// same body and headers.
func (c *Client) do(ctx context.Context, method, path string, body []byte, out any, opts []RequestOption) error {
	requestID := uuid.NewString()
	var lastErr error
	for attempt := 1; attempt <= c.maxAttempts; attempt++ {
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Request-ID", requestID)
		for _, o := range opts {
			o(req)
		}

		resp, err := c.hc.Do(req)
		if err != nil {
			lastErr = err
		} else {
			retryable, err := decode(resp, out)
			if !retryable {
				return err
			}
			lastErr = err
		}

		if attempt == c.maxAttempts {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(c.backoff(attempt)):
		}
	}
	return fmt.Errorf("insurer %s %s: %d attempts: %w", method, path, c.maxAttempts, lastErr)
}

func decode(resp *http.Response, out any) (retryable bool, err error) {
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return true, err
	}
	if resp.StatusCode >= 300 {
		retryable = resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests
		return retryable, fmt.Errorf("insurer: HTTP %d: %s", resp.StatusCode, raw)
	}
	return false, json.Unmarshal(raw, out)
}
