// Package httpx is the small JSON-over-HTTP core shared by provider clients:
// request building, status classification and retry with backoff.
package httpx

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
)

// StatusError is a non-2xx response from a provider.
type StatusError struct {
	Provider string
	Status   int
	Body     string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s: http %d: %s", e.Provider, e.Status, e.Body)
}

// IsConflict reports whether err is a 409 from the provider.
func IsConflict(err error) bool {
	var se *StatusError
	return errors.As(err, &se) && se.Status == http.StatusConflict
}

// Client sends JSON requests to one provider.
type Client struct {
	Name       string
	BaseURL    string
	HTTP       *http.Client
	Attempts   uint
	Authorize  func(*http.Request)
	PerAttempt func(*http.Request) // headers that change per try, e.g. tracing
}

// New returns a Client with production defaults.
func New(name, baseURL string, authorize func(*http.Request)) *Client {
	return &Client{
		Name:      name,
		BaseURL:   baseURL,
		HTTP:      &http.Client{Timeout: 15 * time.Second},
		Attempts:  4,
		Authorize: authorize,
	}
}

// Do sends method+path with body encoded as JSON and decodes the response
// into out. Network errors, 429 and 5xx are retried with backoff; the same
// headers (including any Idempotency-Key) are sent on every try.
func (c *Client) Do(ctx context.Context, method, path string, body any, out any, headers http.Header) error {
	var payload []byte
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("%s: encode: %w", c.Name, err)
		}
		payload = b
	}
	return retry.Do(
		func() error { return c.once(ctx, method, path, payload, out, headers) },
		retry.Context(ctx),
		retry.Attempts(c.Attempts),
		retry.Delay(250*time.Millisecond),
		retry.MaxDelay(4*time.Second),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.OnRetry(func(n uint, err error) {
			slog.WarnContext(ctx, "provider call retry", "provider", c.Name, "path", path, "attempt", n+1, "err", err)
		}),
	)
}

func (c *Client) once(ctx context.Context, method, path string, payload []byte, out any, headers http.Header) error {
	var rdr io.Reader
	if payload != nil {
		rdr = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, rdr)
	if err != nil {
		return retry.Unrecoverable(err)
	}
	req.Header.Set("Accept", "application/json")
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, vs := range headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if c.Authorize != nil {
		c.Authorize(req)
	}
	if c.PerAttempt != nil {
		c.PerAttempt(req)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %s %s: %w", c.Name, method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("%s: read body: %w", c.Name, err)
	}
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
		return &StatusError{Provider: c.Name, Status: resp.StatusCode, Body: string(raw)}
	}
	if resp.StatusCode >= 400 {
		return retry.Unrecoverable(&StatusError{Provider: c.Name, Status: resp.StatusCode, Body: string(raw)})
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return retry.Unrecoverable(fmt.Errorf("%s: decode: %w", c.Name, err))
		}
	}
	return nil
}

// SignHMAC returns the hex HMAC-SHA256 of body under secret.
func SignHMAC(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// VerifyHMAC compares a hex signature in constant time.
func VerifyHMAC(secret string, body []byte, signature string) bool {
	expected := SignHMAC(secret, body)
	return hmac.Equal([]byte(expected), []byte(signature))
}

// Header builds an http.Header from key/value pairs, skipping empty values.
func Header(kv ...string) http.Header {
	h := http.Header{}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			h.Set(kv[i], kv[i+1])
		}
	}
	return h
}
