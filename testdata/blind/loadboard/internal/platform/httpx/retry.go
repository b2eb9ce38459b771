// Package httpx holds the shared plumbing used by the provider clients:
// request execution with exponential backoff and uniform error decoding.
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

	"github.com/cenkalti/backoff/v4"
)

// Policy configures how a client retries a request.
type Policy struct {
	InitialInterval time.Duration
	MaxInterval     time.Duration
	MaxElapsedTime  time.Duration
	MaxRetries      uint64
}

// DefaultPolicy is used by provider clients unless configured otherwise.
var DefaultPolicy = Policy{
	InitialInterval: 200 * time.Millisecond,
	MaxInterval:     5 * time.Second,
	MaxElapsedTime:  30 * time.Second,
	MaxRetries:      5,
}

func (p Policy) backOff(ctx context.Context) backoff.BackOff {
	eb := backoff.NewExponentialBackOff()
	if p.InitialInterval > 0 {
		eb.InitialInterval = p.InitialInterval
	}
	if p.MaxInterval > 0 {
		eb.MaxInterval = p.MaxInterval
	}
	eb.MaxElapsedTime = p.MaxElapsedTime
	var b backoff.BackOff = eb
	if p.MaxRetries > 0 {
		b = backoff.WithMaxRetries(b, p.MaxRetries)
	}
	return backoff.WithContext(b, ctx)
}

// StatusError is returned for non-2xx responses.
type StatusError struct {
	StatusCode int
	Body       []byte
}

func (e *StatusError) Error() string {
	body := e.Body
	if len(body) > 256 {
		body = body[:256]
	}
	return fmt.Sprintf("unexpected status %d: %s", e.StatusCode, bytes.TrimSpace(body))
}

// IsStatus reports whether err is a StatusError with the given code.
func IsStatus(err error, code int) bool {
	var se *StatusError
	return errors.As(err, &se) && se.StatusCode == code
}

// RequestBuilder builds a fresh request for each attempt; request bodies
// cannot be re-read, so the builder is invoked once per try.
type RequestBuilder func(ctx context.Context) (*http.Request, error)

// Do executes the request produced by build, retrying transport errors,
// 429 and 5xx responses according to the policy. The response body is read
// fully and returned; non-2xx responses are returned as *StatusError.
func Do(ctx context.Context, hc *http.Client, p Policy, build RequestBuilder) ([]byte, int, error) {
	var (
		body   []byte
		status int
	)
	op := func() error {
		req, err := build(ctx)
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
		if err != nil {
			return err
		}
		status = resp.StatusCode
		body = b
		switch {
		case resp.StatusCode >= 200 && resp.StatusCode < 300:
			return nil
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
			return &StatusError{StatusCode: resp.StatusCode, Body: b}
		default:
			return backoff.Permanent(&StatusError{StatusCode: resp.StatusCode, Body: b})
		}
	}
	if err := backoff.Retry(op, p.backOff(ctx)); err != nil {
		return body, status, err
	}
	return body, status, nil
}

// JSONRequest returns a RequestBuilder that sends payload as JSON with the
// given headers.
func JSONRequest(method, url string, payload any, headers map[string]string) RequestBuilder {
	return func(ctx context.Context) (*http.Request, error) {
		var rdr io.Reader
		if payload != nil {
			b, err := json.Marshal(payload)
			if err != nil {
				return nil, fmt.Errorf("encode request: %w", err)
			}
			rdr = bytes.NewReader(b)
		}
		req, err := http.NewRequestWithContext(ctx, method, url, rdr)
		if err != nil {
			return nil, err
		}
		if payload != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		req.Header.Set("Accept", "application/json")
		for k, v := range headers {
			if v != "" {
				req.Header.Set(k, v)
			}
		}
		return req, nil
	}
}

// DecodeJSON unmarshals body into v, wrapping the error with context.
func DecodeJSON(body []byte, v any) error {
	if err := json.Unmarshal(body, v); err != nil {
		return fmt.Errorf("decode response: %w", err)
	}
	return nil
}
