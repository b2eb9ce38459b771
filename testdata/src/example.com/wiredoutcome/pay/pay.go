// Package pay authorises card payments under the caller's key.
package pay

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
)

// A Receipt is what the processor answers.
type Receipt struct {
	ID    string `json:"id"`
	token string
}

// Token is the card's token for later charges, when the processor
// kept the card.
func (r *Receipt) Token() string { return r.token }

// Client posts authorisations.
type Client struct{ Base string }

// Authorise authorises amount under key, which the processor drops a
// repeat of.
func (c *Client) Authorise(ctx context.Context, key string, amount int64) (*Receipt, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/authorisations?amount="+strconv.FormatInt(amount, 10), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var r Receipt
	return &r, json.NewDecoder(resp.Body).Decode(&r)
}
