// Package pay refunds through a payment provider.
package pay

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// Client calls the provider.
type Client struct{ HTTP *http.Client }

// Refund refunds a membership's payment; the provider takes no key.
func (c *Client) Refund(ctx context.Context, membership string) (string, error) {
	body, _ := json.Marshal(map[string]string{"membership": membership})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/v1/refunds", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct{ ID string }
	return out.ID, json.NewDecoder(resp.Body).Decode(&out)
}
