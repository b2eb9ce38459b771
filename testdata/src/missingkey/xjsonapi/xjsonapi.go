// Package xjsonapi is a JSON client the provider packages share: each
// caller describes its request in a Call.
package xjsonapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
)

// Call describes one request.
type Call struct {
	Method string
	Path   string
	Header http.Header
	Body   any
}

// Client sends calls to one provider.
type Client struct {
	HTTP    *http.Client
	BaseURL string
}

// Do sends the call and decodes the answer into out.
func (c *Client) Do(ctx context.Context, call Call, out any) error {
	var body io.Reader
	if call.Body != nil {
		buf, err := json.Marshal(call.Body)
		if err != nil {
			return err
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, call.Method, c.BaseURL+call.Path, body)
	if err != nil {
		return err
	}
	for k, vs := range call.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
