// Package httpx sends the requests its callers describe.
package httpx

import (
	"context"
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
