// Package provhttp is the small JSON-over-HTTP transport shared by the
// outbound provider clients.
package provhttp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Doer is satisfied by *http.Client.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// Transport sends JSON requests to one provider base URL.
type Transport struct {
	BaseURL   string
	Doer      Doer
	UserAgent string
	// Auth decorates each outgoing request with credentials.
	Auth func(*http.Request)
}

// RequestOption adjusts a single outgoing request.
type RequestOption func(*http.Request)

// WithHeader sets a header on the request when value is non-empty.
func WithHeader(name, value string) RequestOption {
	return func(r *http.Request) {
		if value != "" {
			r.Header.Set(name, value)
		}
	}
}

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("provider returned %d: %s", e.Status, e.Body)
}

// New builds a Transport with a timeout-bound http.Client.
func New(baseURL string, timeout time.Duration, auth func(*http.Request)) *Transport {
	return &Transport{
		BaseURL:   baseURL,
		Doer:      &http.Client{Timeout: timeout},
		UserAgent: "ovenline/1.0",
		Auth:      auth,
	}
}

// Do sends body as JSON (when non-nil) and decodes a JSON response into out
// (when non-nil).
func (t *Transport) Do(ctx context.Context, method, path string, body, out any, opts ...RequestOption) error {
	var rdr io.Reader
	if body != nil {
		buf, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("provhttp: encode: %w", err)
		}
		rdr = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, t.BaseURL+path, rdr)
	if err != nil {
		return fmt.Errorf("provhttp: build request: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("User-Agent", t.UserAgent)
	if t.Auth != nil {
		t.Auth(req)
	}
	for _, o := range opts {
		o(req)
	}

	resp, err := t.Doer.Do(req)
	if err != nil {
		return fmt.Errorf("provhttp: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return &StatusError{Status: resp.StatusCode, Body: string(b)}
	}
	if out == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("provhttp: decode %s %s: %w", method, path, err)
	}
	return nil
}

// Bearer returns an Auth func that sets a bearer token.
func Bearer(token string) func(*http.Request) {
	return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
}
