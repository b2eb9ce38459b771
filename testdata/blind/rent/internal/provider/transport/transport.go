// Package transport contains the HTTP retry plumbing shared by every
// outbound provider client.
package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// StatusError is returned for any non-2xx provider response.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("provider returned %d: %s", e.Status, e.Body)
}

// Retryable reports whether the status is worth retrying.
func (e *StatusError) Retryable() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// Policy builds a fresh backoff for each logical call.
type Policy func() backoff.BackOff

// DefaultPolicy retries for up to 30 seconds with jittered exponential
// intervals.
func DefaultPolicy() backoff.BackOff {
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = 200 * time.Millisecond
	b.MaxInterval = 5 * time.Second
	b.MaxElapsedTime = 30 * time.Second
	return b
}

// NoRetry makes a single attempt. Use it for providers that cannot recognise
// a repeated request, where a timed-out POST may still have been applied.
func NoRetry() backoff.BackOff { return &backoff.StopBackOff{} }

// Request describes one provider call. Body is re-encoded on each attempt.
type Request struct {
	Method  string
	URL     string
	Header  http.Header
	JSON    any
	Form    []byte
	Decoded any
}

// Do executes req with retries according to policy, decoding a 2xx JSON
// response into req.Decoded.
func Do(ctx context.Context, hc *http.Client, policy Policy, req Request) error {
	if policy == nil {
		policy = DefaultPolicy
	}
	var payload []byte
	contentType := ""
	switch {
	case req.JSON != nil:
		b, err := json.Marshal(req.JSON)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		payload = b
		contentType = "application/json"
	case req.Form != nil:
		payload = req.Form
		contentType = "application/x-www-form-urlencoded"
	}

	op := func() error {
		var body io.Reader
		if payload != nil {
			body = bytes.NewReader(payload)
		}
		httpReq, err := http.NewRequestWithContext(ctx, req.Method, req.URL, body)
		if err != nil {
			return backoff.Permanent(err)
		}
		for k, vs := range req.Header {
			for _, v := range vs {
				httpReq.Header.Add(k, v)
			}
		}
		if contentType != "" {
			httpReq.Header.Set("Content-Type", contentType)
		}
		httpReq.Header.Set("Accept", "application/json")

		resp, err := hc.Do(httpReq)
		if err != nil {
			if ctx.Err() != nil {
				return backoff.Permanent(ctx.Err())
			}
			return err
		}
		defer resp.Body.Close()
		respBody, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			se := &StatusError{Status: resp.StatusCode, Body: string(respBody)}
			if se.Retryable() {
				return se
			}
			return backoff.Permanent(se)
		}
		if req.Decoded != nil && len(respBody) > 0 {
			if err := json.Unmarshal(respBody, req.Decoded); err != nil {
				return backoff.Permanent(fmt.Errorf("decode response: %w", err))
			}
		}
		return nil
	}
	return backoff.Retry(op, backoff.WithContext(policy(), ctx))
}
