// Package httpx holds the small pieces shared by the outbound HTTP clients.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/quillsign/esign/internal/platform/retry"
)

// Doer is satisfied by *http.Client and by test doubles.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// NewClient returns an *http.Client with a sane overall timeout.
func NewClient(timeout time.Duration) *http.Client {
	if timeout == 0 {
		timeout = 15 * time.Second
	}
	return &http.Client{Timeout: timeout}
}

// StatusError is returned for non-2xx responses.
type StatusError struct {
	StatusCode int
	Body       string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("http %d: %s", e.StatusCode, e.Body)
}

// Retryable reports whether the response status is worth another attempt.
func (e *StatusError) Retryable() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// JSONRequest builds a request with a JSON body.
func JSONRequest(ctx context.Context, method, url string, body any) (*http.Request, error) {
	var rdr io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("encode request: %w", err)
		}
		rdr = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rdr)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	return req, nil
}

// Send executes req and decodes a JSON response into out (if non-nil).
// Non-2xx statuses become *StatusError; 4xx other than 429 are permanent so
// that retry.Do gives up on them.
func Send(doer Doer, req *http.Request, out any) error {
	resp, err := doer.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		se := &StatusError{StatusCode: resp.StatusCode, Body: string(body)}
		if !se.Retryable() {
			return retry.Permanent(se)
		}
		return se
	}
	if out != nil && len(body) > 0 {
		if err := json.Unmarshal(body, out); err != nil {
			return fmt.Errorf("decode response: %w", err)
		}
	}
	return nil
}
