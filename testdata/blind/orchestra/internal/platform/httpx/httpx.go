// Package httpx has the plumbing shared by the provider clients: a Doer
// abstraction, a retrying decorator and JSON request helpers.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/harborlight-symphony/encore/internal/platform/retry"
)

// Doer is satisfied by *http.Client.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// DoerFunc adapts a function to Doer.
type DoerFunc func(*http.Request) (*http.Response, error)

func (f DoerFunc) Do(r *http.Request) (*http.Response, error) { return f(r) }

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("http %d: %s", e.Status, e.Body)
}

// Temporary reports whether the provider asked us to come back later.
func (e *StatusError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// Retrying wraps next so that requests the provider can deduplicate are
// retried on transport errors and 5xx/429 responses. A request qualifies
// when it uses an idempotent method or carries the dedupHeader (for
// example "Idempotency-Key"). Everything else is sent exactly once.
func Retrying(next Doer, dedupHeader string, p retry.Policy) Doer {
	return DoerFunc(func(req *http.Request) (*http.Response, error) {
		safe := req.Method == http.MethodGet || req.Method == http.MethodHead ||
			req.Method == http.MethodPut || req.Method == http.MethodDelete
		if !safe && (dedupHeader == "" || req.Header.Get(dedupHeader) == "") {
			return next.Do(req)
		}
		return retry.Do(req.Context(), p, func(ctx context.Context) (*http.Response, error) {
			r := req.Clone(ctx)
			if req.GetBody != nil {
				body, err := req.GetBody()
				if err != nil {
					return nil, retry.Stop(err)
				}
				r.Body = body
			}
			resp, err := next.Do(r)
			if err != nil {
				return nil, err
			}
			if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
				b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
				resp.Body.Close()
				return nil, &StatusError{Status: resp.StatusCode, Body: string(b)}
			}
			return resp, nil
		})
	})
}

// NewClient returns an *http.Client with a sane timeout.
func NewClient(timeout time.Duration) *http.Client {
	if timeout <= 0 {
		timeout = 15 * time.Second
	}
	return &http.Client{Timeout: timeout}
}

// RequestOption mutates an outgoing request.
type RequestOption func(*http.Request)

// WithHeader sets a header on the request.
func WithHeader(k, v string) RequestOption {
	return func(r *http.Request) {
		if v != "" {
			r.Header.Set(k, v)
		}
	}
}

// JSON sends body as JSON and decodes a 2xx response into out (if non-nil).
func JSON(ctx context.Context, d Doer, method, url string, body, out any, opts ...RequestOption) error {
	var rdr io.Reader
	var raw []byte
	if body != nil {
		var err error
		raw, err = json.Marshal(body)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		rdr = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rdr)
	if err != nil {
		return err
	}
	if raw != nil {
		req.Header.Set("Content-Type", "application/json")
		req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(raw)), nil }
	}
	req.Header.Set("Accept", "application/json")
	for _, o := range opts {
		o(req)
	}
	resp, err := d.Do(req)
	if err != nil {
		return err
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
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("decode response: %w", err)
	}
	return nil
}
