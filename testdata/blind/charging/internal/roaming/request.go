package roaming

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/voltway/charging/internal/platform/ids"
)

// RequestBuilder assembles one call to a partner endpoint.
type RequestBuilder struct {
	method      string
	path        string
	query       url.Values
	body        any
	headers     http.Header
	correlation string
}

// NewRequest starts a builder for method and path (relative to the
// partner's base URL).
func NewRequest(method, path string) *RequestBuilder {
	return &RequestBuilder{method: method, path: path, query: url.Values{}, headers: http.Header{}}
}

// JSON sets the request body.
func (b *RequestBuilder) JSON(v any) *RequestBuilder { b.body = v; return b }

// Query adds a query parameter.
func (b *RequestBuilder) Query(k, v string) *RequestBuilder { b.query.Add(k, v); return b }

// IdempotencyKey sets the Idempotency-Key header. Partners deduplicate
// command POSTs carrying the same key for 24h and replay the first answer.
func (b *RequestBuilder) IdempotencyKey(k string) *RequestBuilder {
	b.headers.Set("Idempotency-Key", k)
	return b
}

// Correlation sets X-Correlation-ID, which ties together the requests of one
// business flow in both sides' logs.
func (b *RequestBuilder) Correlation(id string) *RequestBuilder { b.correlation = id; return b }

// Build produces the *http.Request for partner p.
func (b *RequestBuilder) Build(ctx context.Context, p Partner) (*http.Request, error) {
	u := strings.TrimRight(p.BaseURL, "/") + "/" + strings.TrimLeft(b.path, "/")
	if len(b.query) > 0 {
		u += "?" + b.query.Encode()
	}
	var rdr io.Reader
	if b.body != nil {
		buf, err := json.Marshal(b.body)
		if err != nil {
			return nil, fmt.Errorf("marshal %s %s: %w", b.method, b.path, err)
		}
		rdr = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, b.method, u, rdr)
	if err != nil {
		return nil, err
	}
	for k, vs := range b.headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("Authorization", "Token "+p.Token)
	req.Header.Set("Accept", "application/json")
	if b.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	// OCPI: X-Request-ID is unique per HTTP request (for tracing only);
	// X-Correlation-ID spans the whole flow.
	req.Header.Set("X-Request-ID", ids.RandomHex(16))
	corr := b.correlation
	if corr == "" {
		corr = req.Header.Get("X-Request-ID")
	}
	req.Header.Set("X-Correlation-ID", corr)
	req.Header.Set("OCPI-from-country-code", "GB")
	req.Header.Set("OCPI-from-party-id", "VLT")
	req.Header.Set("OCPI-to-country-code", p.CountryCode)
	req.Header.Set("OCPI-to-party-id", p.PartyID)
	return req, nil
}
