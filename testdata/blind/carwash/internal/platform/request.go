package platform

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// UserAgent is sent on every outbound provider request.
const UserAgent = "washclub/1.0 (+https://brightbaywash.com)"

// RequestOption adjusts an outbound request before it is sent.
type RequestOption func(*http.Request)

// WithBearer sets an Authorization: Bearer header.
func WithBearer(token string) RequestOption {
	return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
}

// WithBasicAuth sets HTTP basic credentials.
func WithBasicAuth(user, pass string) RequestOption {
	return func(r *http.Request) { r.SetBasicAuth(user, pass) }
}

// WithIdempotencyKey sets the Idempotency-Key header. An empty key leaves the
// header unset so providers treat the request as new.
func WithIdempotencyKey(key string) RequestOption {
	return func(r *http.Request) {
		if key != "" {
			r.Header.Set("Idempotency-Key", key)
		}
	}
}

// NewJSONRequest builds a request to baseURL+path with body encoded as JSON.
// The encoded body is held in memory so RetryDoer can replay it verbatim.
func NewJSONRequest(ctx context.Context, method, baseURL, path string, body any, opts ...RequestOption) (*http.Request, error) {
	u, err := url.JoinPath(baseURL, path)
	if err != nil {
		return nil, fmt.Errorf("build url: %w", err)
	}
	var rdr io.Reader
	if body != nil {
		buf, err := json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("encode %s %s: %w", method, path, err)
		}
		rdr = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rdr)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", UserAgent)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, o := range opts {
		o(req)
	}
	return req, nil
}

// HTTPError is a non-2xx provider response.
type HTTPError struct {
	StatusCode int
	Body       string
}

func (e *HTTPError) Error() string {
	return fmt.Sprintf("upstream returned %d: %s", e.StatusCode, e.Body)
}

// DecodeJSONResponse decodes a 2xx response body into out and closes it.
// Other statuses are returned as *HTTPError carrying a prefix of the body.
func DecodeJSONResponse(resp *http.Response, out any) error {
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return &HTTPError{StatusCode: resp.StatusCode, Body: string(b)}
	}
	if out == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("decode response: %w", err)
	}
	return nil
}

// Doer sends HTTP requests; *http.Client and RetryDoer satisfy it.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// RetryDoer resends a request after transport errors, 429s and 5xx
// responses. The request is replayed as built: same method, headers and body.
type RetryDoer struct {
	Next       Doer
	MaxRetries int
	BaseDelay  time.Duration
}

// Do implements Doer.
func (d RetryDoer) Do(req *http.Request) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt <= d.MaxRetries; attempt++ {
		if attempt > 0 {
			if err := sleepCtx(req.Context(), d.BaseDelay*time.Duration(1<<(attempt-1))); err != nil {
				return nil, err
			}
		}
		r, err := rewind(req, attempt)
		if err != nil {
			return nil, err
		}
		resp, err := d.Next.Do(r)
		if err != nil {
			lastErr = err
			continue
		}
		if !retryableStatus(resp.StatusCode) || attempt == d.MaxRetries {
			return resp, nil
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		lastErr = fmt.Errorf("upstream status %d", resp.StatusCode)
	}
	return nil, lastErr
}

func rewind(req *http.Request, attempt int) (*http.Request, error) {
	if attempt == 0 || req.Body == nil || req.Body == http.NoBody {
		return req, nil
	}
	if req.GetBody == nil {
		return nil, errors.New("request body cannot be replayed")
	}
	body, err := req.GetBody()
	if err != nil {
		return nil, err
	}
	r := req.Clone(req.Context())
	r.Body = body
	return r, nil
}

func retryableStatus(code int) bool {
	return code == http.StatusTooManyRequests || code >= 500
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// NewReference returns prefix_<16 hex chars>, short enough to quote to a
// customer on the phone.
func NewReference(prefix string) string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return prefix + "_" + hex.EncodeToString(b[:])
}
