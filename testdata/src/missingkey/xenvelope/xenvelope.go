// Package xenvelope is a filing gateway's client whose methods hand
// their request to one helper that encodes it as the body. The gateway
// drops a repeated envelope by its client_reference.
package xenvelope

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
)

// Client posts to the gateway.
type Client struct {
	base string
	hc   *http.Client
}

// New returns a client of the gateway at base.
func New(base string) *Client { return &Client{base: base, hc: http.DefaultClient} }

// SubmitRequest opens an envelope.
type SubmitRequest struct {
	ClientReference string `json:"client_reference,omitempty"`
	CourtCode       string `json:"court_code"`
	Description     string `json:"description"`
}

// Submit opens an envelope.
func (c *Client) Submit(ctx context.Context, in SubmitRequest) error {
	return c.do(ctx, http.MethodPost, "/v3/envelopes", in)
}

func (c *Client) do(ctx context.Context, method, path string, body any) error {
	var rdr io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rdr = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rdr)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
