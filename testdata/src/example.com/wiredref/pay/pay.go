// Package pay is a card processor's client: it drops a repeated
// requestReference, and shows the reference on the statement.
package pay

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// A RefundRequest refunds a captured payment.
type RefundRequest struct {
	RequestReference string `json:"requestReference,omitempty"`
	Reference        string `json:"reference"`
	Amount           int64  `json:"amount"`
}

// Client posts to the processor.
type Client struct {
	Base string
	HTTP *http.Client
}

// Refund refunds the payment psp.
func (c *Client) Refund(ctx context.Context, psp string, req RefundRequest) error {
	body, err := json.Marshal(req)
	if err != nil {
		return err
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/payments/"+psp+"/refunds", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(hr) // want `a retry repeats the HTTP POST: the input sets no requestReference \(HTTP handler Handler.Cancel\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
