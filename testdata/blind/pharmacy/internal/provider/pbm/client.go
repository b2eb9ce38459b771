// Package pbm is the HTTP client for the pharmacy benefit manager's claims
// switch. The PBM de-duplicates POSTs that carry X-Idempotency-Key for 72h and
// replays the original response.
package pbm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
)

// Client talks to the PBM partner API.
type Client struct {
	baseURL  string
	apiKey   string
	npi      string
	http     *http.Client
	now      func() time.Time
	userAgnt string
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient overrides the transport.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.http = hc } }

// NewClient builds a PBM client for the pharmacy identified by npi.
func NewClient(baseURL, apiKey, pharmacyNPI string, opts ...Option) *Client {
	c := &Client{
		baseURL:  baseURL,
		apiKey:   apiKey,
		npi:      pharmacyNPI,
		http:     &http.Client{Timeout: 20 * time.Second},
		now:      time.Now,
		userAgnt: "cedarleaf-pharmacy/1.0",
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// CallOption sets per-request headers.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
	requestID      string
}

// WithIdempotencyKey sets X-Idempotency-Key.
func WithIdempotencyKey(key string) CallOption {
	return func(cc *callConfig) { cc.idempotencyKey = key }
}

// WithRequestID sets X-Request-ID for tracing on the PBM side.
func WithRequestID(id string) CallOption {
	return func(cc *callConfig) { cc.requestID = id }
}

// APIError is a non-2xx response from the PBM.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("pbm: %d %s: %s", e.Status, e.Code, e.Message)
}

// Temporary reports whether the request may be retried.
func (e *APIError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

func (c *Client) post(ctx context.Context, path string, in, out any, opts []CallOption) error {
	var cc callConfig
	for _, o := range opts {
		o(&cc)
	}
	if cc.requestID == "" {
		cc.requestID = uuid.NewString()
	}

	body, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("pbm: encode %s: %w", path, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("User-Agent", c.userAgnt)
	req.Header.Set("X-Pharmacy-NPI", c.npi)
	req.Header.Set("X-Request-ID", cc.requestID)
	if cc.idempotencyKey != "" {
		req.Header.Set("X-Idempotency-Key", cc.idempotencyKey)
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return &transportError{err: err}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return &transportError{err: err}
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("pbm: decode %s: %w", path, err)
	}
	return nil
}

type transportError struct{ err error }

func (t *transportError) Error() string   { return "pbm transport: " + t.err.Error() }
func (t *transportError) Unwrap() error   { return t.err }
func (t *transportError) Temporary() bool { return true }
