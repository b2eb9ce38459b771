// Package xapicall sends a provider's requests: in, encoded as JSON, and
// the headers its caller gives.
package xapicall

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// Client sends requests to one provider.
type Client struct {
	HTTP *http.Client
	Base string
}

// Do sends in to path with the headers given.
func (c *Client) Do(ctx context.Context, method, path string, headers map[string]string, in, out any) error {
	buf, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.Base+path, bytes.NewReader(buf))
	if err != nil {
		return err
	}
	for k, v := range headers {
		if v != "" {
			req.Header.Set(k, v)
		}
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(out)
}
