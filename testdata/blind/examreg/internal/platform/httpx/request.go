// Package httpx holds the request builders shared by the partner clients.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// RequestOption mutates an outgoing request.
type RequestOption func(*http.Request)

// Header sets a header.
func Header(key, value string) RequestOption {
	return func(r *http.Request) { r.Header.Set(key, value) }
}

// Bearer sets an Authorization bearer token.
func Bearer(token string) RequestOption {
	return Header("Authorization", "Bearer "+token)
}

// BasicAuth sets HTTP basic credentials.
func BasicAuth(user, pass string) RequestOption {
	return func(r *http.Request) { r.SetBasicAuth(user, pass) }
}

// IdempotencyKey sets the Idempotency-Key header understood by most of our
// partners. An empty key leaves the header off.
func IdempotencyKey(key string) RequestOption {
	return func(r *http.Request) {
		if key != "" {
			r.Header.Set("Idempotency-Key", key)
		}
	}
}

// JSON builds a request with a JSON body against base+path.
func JSON(ctx context.Context, method, base, path string, body any, opts ...RequestOption) (*http.Request, error) {
	var rdr io.Reader
	if body != nil {
		buf, err := json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("httpx: encode body: %w", err)
		}
		rdr = bytes.NewReader(buf)
	}
	u := strings.TrimRight(base, "/") + "/" + strings.TrimLeft(path, "/")
	req, err := http.NewRequestWithContext(ctx, method, u, rdr)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, o := range opts {
		o(req)
	}
	return req, nil
}

// Form builds a request with a url-encoded body.
func Form(ctx context.Context, method, base, path string, form url.Values, opts ...RequestOption) (*http.Request, error) {
	u := strings.TrimRight(base, "/") + "/" + strings.TrimLeft(path, "/")
	req, err := http.NewRequestWithContext(ctx, method, u, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for _, o := range opts {
		o(req)
	}
	return req, nil
}
