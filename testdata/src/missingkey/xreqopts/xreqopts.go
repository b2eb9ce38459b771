// Package xreqopts builds the requests of the program's partner
// clients, with options that set their headers, and sends them.
package xreqopts

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
)

// Doer sends a request; *http.Client is one.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// RequestOption changes a request before it is sent.
type RequestOption func(*http.Request)

// Header sets the header name to value.
func Header(name, value string) RequestOption {
	return func(r *http.Request) { r.Header.Set(name, value) }
}

// Bearer sets the request's bearer token.
func Bearer(token string) RequestOption { return Header("Authorization", "Bearer "+token) }

// IdempotencyKey sets the Idempotency-Key header.
func IdempotencyKey(key string) RequestOption {
	return func(r *http.Request) { r.Header.Set("Idempotency-Key", key) }
}

// JSON makes a request of method to base+path with body encoded, and
// applies opts to it.
func JSON(ctx context.Context, method, base, path string, body any, opts ...RequestOption) (*http.Request, error) {
	buf, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	u := strings.TrimRight(base, "/") + "/" + strings.TrimLeft(path, "/")
	req, err := http.NewRequestWithContext(ctx, method, u, bytes.NewReader(buf))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	for _, o := range opts {
		o(req)
	}
	return req, nil
}

// Do sends req and decodes the answer into out.
func Do(c Doer, req *http.Request, out any) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}
