// Package xhttp posts JSON for its callers, who give the address.
package xhttp

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"

	"github.com/cenkalti/backoff/v4"
)

// PostJSON posts input to u, with no idempotency key.
func PostJSON(u *url.URL, input any) (*http.Response, error) {
	b, err := json.Marshal(input)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest(http.MethodPost, u.String(), bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

// Post posts to a string address.
func Post(addr string) error {
	_, err := http.Post(addr, "application/json", nil)
	return err
}

// Send posts to a provider with the caller's key, when it gives one, in
// a closure that backoff runs until it succeeds.
func Send(ctx context.Context, key string) error {
	op := func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://provider.example/v1/pickups", nil)
		if err != nil {
			return err
		}
		if key != "" {
			req.Header.Set("Idempotency-Key", key)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return backoff.Retry(op, backoff.NewExponentialBackOff())
}
