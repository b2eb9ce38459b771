// Package xhdrmap is a ledger's client: its helper retries the send
// with backoff, copying the headers its caller gives onto each attempt.
package xhdrmap

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/cenkalti/backoff/v4"
)

// Client calls the ledger.
type Client struct {
	http    *http.Client
	baseURL string
}

// Entry is a journal entry.
type Entry struct {
	ExternalID string `json:"external_id"`
	Cents      int64  `json:"cents"`
}

// Post posts an entry under its external ID, when it has one.
func (c *Client) Post(ctx context.Context, e Entry) error {
	body, err := json.Marshal(e)
	if err != nil {
		return err
	}
	headers := http.Header{}
	if e.ExternalID != "" {
		headers.Set("Idempotency-Key", e.ExternalID)
	}
	return c.do(ctx, http.MethodPost, "/journal-entries", body, headers)
}

// Reverse reverses an entry, with no key.
func (c *Client) Reverse(ctx context.Context, id string) error {
	headers := http.Header{}
	headers.Set("X-Reason", "reversal")
	return c.do(ctx, http.MethodPost, "/journal-entries/"+id+"/reversal", nil, headers)
}

func (c *Client) do(ctx context.Context, method, path string, body []byte, headers http.Header) error {
	op := func() error {
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		for k, vs := range headers {
			for _, v := range vs {
				req.Header.Add(k, v)
			}
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return backoff.Retry(op, backoff.NewExponentialBackOff())
}
