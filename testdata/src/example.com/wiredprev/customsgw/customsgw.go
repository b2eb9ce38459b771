// Package customsgw files declarations with a customs gateway, which
// drops a filing whose submitter_reference it has accepted before.
package customsgw

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// A Filing is a declaration.
type Filing struct {
	SubmitterReference string `json:"submitter_reference,omitempty"`
	Port               string `json:"port"`
}

// Client is the gateway's client.
type Client struct {
	Base string
	HTTP *http.Client
}

// Submit lodges the filing.
func (c *Client) Submit(ctx context.Context, f Filing) error {
	body, err := json.Marshal(f)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/filings", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.FileBare\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
