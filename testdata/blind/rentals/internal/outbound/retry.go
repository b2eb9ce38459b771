// Package outbound holds the shared retry policy and HTTP plumbing for
// calls to partners (KYC vendor, courier, SMS gateway).
package outbound

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
)

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Op     string
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s: unexpected status %d: %s", e.Op, e.Status, e.Body)
}

// Retryable reports whether err is worth another attempt: network errors,
// timeouts, 429 and 5xx responses.
func Retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Status == http.StatusTooManyRequests || se.Status >= 500
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, context.DeadlineExceeded)
}

// Policy configures retries for one partner.
type Policy struct {
	Attempts uint
	Delay    time.Duration
	MaxDelay time.Duration
}

// DefaultPolicy is used unless a client overrides it.
var DefaultPolicy = Policy{Attempts: 4, Delay: 200 * time.Millisecond, MaxDelay: 3 * time.Second}

// Do runs fn with the policy's retries.
func (p Policy) Do(ctx context.Context, fn func() error) error {
	return retry.Do(fn,
		retry.Context(ctx),
		retry.Attempts(p.Attempts),
		retry.Delay(p.Delay),
		retry.MaxDelay(p.MaxDelay),
		retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay)),
		retry.MaxJitter(100*time.Millisecond),
		retry.RetryIf(Retryable),
		retry.LastErrorOnly(true),
	)
}

// Request describes one JSON call.
type Request struct {
	Op      string
	Method  string
	URL     string
	Header  http.Header
	Body    any
	Timeout time.Duration
}

// JSON performs req with the policy's retries and decodes the response into
// out (which may be nil). The body is re-encoded identically on each attempt.
func JSON(ctx context.Context, hc *http.Client, p Policy, req Request, out any) error {
	var payload []byte
	if req.Body != nil {
		b, err := json.Marshal(req.Body)
		if err != nil {
			return fmt.Errorf("%s: encode: %w", req.Op, err)
		}
		payload = b
	}
	return p.Do(ctx, func() error {
		callCtx := ctx
		if req.Timeout > 0 {
			var cancel context.CancelFunc
			callCtx, cancel = context.WithTimeout(ctx, req.Timeout)
			defer cancel()
		}
		hr, err := http.NewRequestWithContext(callCtx, req.Method, req.URL, bytes.NewReader(payload))
		if err != nil {
			return retry.Unrecoverable(err)
		}
		for k, vs := range req.Header {
			for _, v := range vs {
				hr.Header.Add(k, v)
			}
		}
		if payload != nil {
			hr.Header.Set("Content-Type", "application/json")
		}
		hr.Header.Set("Accept", "application/json")
		resp, err := hc.Do(hr)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if err != nil {
			return err
		}
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			return &StatusError{Op: req.Op, Status: resp.StatusCode, Body: string(body)}
		}
		if out == nil || len(body) == 0 {
			return nil
		}
		if err := json.Unmarshal(body, out); err != nil {
			return retry.Unrecoverable(fmt.Errorf("%s: decode: %w", req.Op, err))
		}
		return nil
	})
}
