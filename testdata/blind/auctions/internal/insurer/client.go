// Package insurer binds shipping insurance with the ShipSure partner API.
// ShipSure's bind endpoint has no idempotency support: every successful
// POST issues a new policy and bills its premium.
package insurer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Client is the ShipSure client.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

// New returns a Client.
func New(baseURL, apiKey string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, http: &http.Client{Timeout: 15 * time.Second}}
}

// BindRequest asks for cover on one consignment.
type BindRequest struct {
	Reference     string `json:"reference"`
	DeclaredCents int64  `json:"declared_value_cents"`
	Currency      string `json:"currency"`
	Description   string `json:"description"`
	Destination   string `json:"destination_country"`
}

// Policy is a bound policy.
type Policy struct {
	Number       string `json:"policy_number"`
	PremiumCents int64  `json:"premium_cents"`
}

// Bind purchases a policy.
func (c *Client) Bind(ctx context.Context, br BindRequest) (Policy, error) {
	body, err := json.Marshal(br)
	if err != nil {
		return Policy{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/api/policies", bytes.NewReader(body))
	if err != nil {
		return Policy{}, err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return Policy{}, fmt.Errorf("insurer: bind: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		return Policy{}, fmt.Errorf("insurer: bind: status %d", resp.StatusCode)
	}
	var p Policy
	if err := json.NewDecoder(resp.Body).Decode(&p); err != nil {
		return Policy{}, fmt.Errorf("insurer: decode: %w", err)
	}
	return p, nil
}
