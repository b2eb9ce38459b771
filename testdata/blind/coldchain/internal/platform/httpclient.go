package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Doer is the subset of *http.Client the provider clients depend on.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// APIError is returned when a provider answers with a non-2xx status.
type APIError struct {
	Provider string
	Status   int
	Body     string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%s: http %d: %s", e.Provider, e.Status, e.Body)
}

type retryingDoer struct {
	next     Doer
	attempts int
	backoff  time.Duration
}

// WithRetries wraps next so that replayable requests are retried on
// transport errors and 429/5xx answers. A request is replayable when its
// method is idempotent or it carries an Idempotency-Key header.
func WithRetries(next Doer, attempts int, backoff time.Duration) Doer {
	if attempts < 1 {
		attempts = 1
	}
	return &retryingDoer{next: next, attempts: attempts, backoff: backoff}
}

func (d *retryingDoer) Do(req *http.Request) (*http.Response, error) {
	if !replayable(req) {
		return d.next.Do(req)
	}
	var (
		resp *http.Response
		err  error
	)
	for i := 0; i < d.attempts; i++ {
		if i > 0 {
			if req.GetBody != nil {
				body, gerr := req.GetBody()
				if gerr != nil {
					return nil, gerr
				}
				req.Body = body
			}
			select {
			case <-req.Context().Done():
				return nil, req.Context().Err()
			case <-time.After(d.backoff * time.Duration(1<<(i-1))):
			}
		}
		resp, err = d.next.Do(req)
		if err == nil && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		if err == nil && i < d.attempts-1 {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	return resp, err
}

func replayable(req *http.Request) bool {
	switch req.Method {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete:
		return true
	}
	return req.Header.Get("Idempotency-Key") != ""
}

// JSONRequest describes one JSON call to a provider.
type JSONRequest struct {
	Provider string
	Method   string
	URL      string
	Header   http.Header
	Body     any
}

// DoJSON sends r and decodes a 2xx JSON answer into out (if non-nil).
func DoJSON(ctx context.Context, doer Doer, r JSONRequest, out any) error {
	var body io.Reader
	if r.Body != nil {
		buf, err := json.Marshal(r.Body)
		if err != nil {
			return fmt.Errorf("%s: encode request: %w", r.Provider, err)
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, body)
	if err != nil {
		return err
	}
	for k, vs := range r.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if r.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")

	resp, err := doer.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w", r.Provider, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("%s: read response: %w", r.Provider, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &APIError{Provider: r.Provider, Status: resp.StatusCode, Body: string(raw)}
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("%s: decode response: %w", r.Provider, err)
	}
	return nil
}

// NewHTTPClient returns the shared outbound client.
func NewHTTPClient(cfg Config) *http.Client {
	return &http.Client{Timeout: cfg.HTTPClientTimeout}
}
