// Package httpx sends the requests its callers describe.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
)

// Request describes one request: its method, its path under the
// client's base and its headers.
type Request struct {
	Method  string
	Path    string
	Headers map[string]string
}

// Client sends requests to one provider.
type Client struct {
	Base string
	HTTP *http.Client
}

// Do builds the request, sets the caller's headers on it and sends it.
func (c *Client) Do(ctx context.Context, r Request) error {
	req, err := http.NewRequestWithContext(ctx, r.Method, c.Base+r.Path, nil)
	if err != nil {
		return err
	}
	for k, v := range r.Headers {
		req.Header.Set(k, v)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A JSONRequest is a request whose body the sender encodes.
type JSONRequest struct {
	Method string
	URL    string
	Header http.Header
	Body   any
}

// DoJSON encodes the body, builds the request with the caller's
// headers and sends it.
func DoJSON(ctx context.Context, c *http.Client, r JSONRequest) error {
	var body io.Reader
	if r.Body != nil {
		buf, err := json.Marshal(r.Body)
		if err != nil {
			return err
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, body)
	if err != nil {
		return err
	}
	for k, vs := range r.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
