// Package httpx holds the JSON-over-HTTP plumbing shared by provider clients.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// StatusError is a non-2xx response.
type StatusError struct {
	Method string
	URL    string
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s: status %d: %s", e.Method, e.URL, e.Status, e.Body)
}

// Temporary reports whether the request may succeed later.
func (e *StatusError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// Call describes one JSON request.
type Call struct {
	Method  string
	URL     string
	Headers http.Header
	In      any
	Out     any
}

// Do performs c with client. A nil In sends no body; a nil Out discards the
// response body.
func Do(ctx context.Context, client *http.Client, c Call) error {
	var body io.Reader
	if c.In != nil {
		b, err := json.Marshal(c.In)
		if err != nil {
			return fmt.Errorf("encode %s %s: %w", c.Method, c.URL, err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, c.Method, c.URL, body)
	if err != nil {
		return err
	}
	for k, vs := range c.Headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if c.In != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", c.Method, c.URL, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &StatusError{Method: c.Method, URL: c.URL, Status: resp.StatusCode, Body: string(raw)}
	}
	if c.Out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, c.Out); err != nil {
			return fmt.Errorf("decode %s %s: %w", c.Method, c.URL, err)
		}
	}
	return nil
}
