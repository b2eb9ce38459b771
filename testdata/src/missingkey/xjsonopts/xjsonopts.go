// Package xjsonopts is a JSON client whose calls take options that
// edit the request before it is sent.
package xjsonopts

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// RequestOption edits a request before it is sent.
type RequestOption func(*http.Request)

// Header sets a request's header.
func Header(name, value string) RequestOption {
	return func(r *http.Request) { r.Header.Set(name, value) }
}

type Client struct {
	base string
	http *http.Client
}

// Do sends in as JSON to path, with the options applied.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...RequestOption) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	for _, o := range opts {
		o(req)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
