// Package apiclient is the shared plumbing for outbound partner APIs: one
// JSON round-trip helper and a typed error for non-2xx answers.
package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// StatusError is returned for any non-2xx response.
type StatusError struct {
	Method     string
	URL        string
	StatusCode int
	Body       string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s: status %d: %s", e.Method, e.URL, e.StatusCode, e.Body)
}

// Request describes one JSON call.
type Request struct {
	Method string
	URL    string
	Header http.Header
	Body   any // marshalled as JSON when non-nil
}

// DoJSON sends req with hc and decodes a JSON response into out (which may be
// nil). Headers in req.Header are copied onto the outgoing request after the
// defaults, so callers can override Content-Type or Accept.
func DoJSON(ctx context.Context, hc *http.Client, req Request, out any) error {
	var body io.Reader
	if req.Body != nil {
		b, err := json.Marshal(req.Body)
		if err != nil {
			return fmt.Errorf("apiclient: encode %s %s: %w", req.Method, req.URL, err)
		}
		body = bytes.NewReader(b)
	}

	hreq, err := http.NewRequestWithContext(ctx, req.Method, req.URL, body)
	if err != nil {
		return err
	}
	hreq.Header.Set("Accept", "application/json")
	if body != nil {
		hreq.Header.Set("Content-Type", "application/json")
	}
	for k, vs := range req.Header {
		for _, v := range vs {
			hreq.Header.Add(k, v)
		}
	}

	resp, err := hc.Do(hreq)
	if err != nil {
		return fmt.Errorf("apiclient: %s %s: %w", req.Method, req.URL, err)
	}
	defer resp.Body.Close()

	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("apiclient: read %s %s: %w", req.Method, req.URL, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &StatusError{Method: req.Method, URL: req.URL, StatusCode: resp.StatusCode, Body: string(raw)}
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("apiclient: decode %s %s: %w", req.Method, req.URL, err)
	}
	return nil
}
