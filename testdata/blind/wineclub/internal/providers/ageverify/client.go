// Package ageverify calls the VerifyAge identity service. A check is a POST
// but only reads: it matches the submitted identity against public records
// and returns a verdict, creating nothing on the vendor's side that a second
// call would duplicate.
package ageverify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/google/wire"

	"github.com/vinoteca/wineclub/internal/config"
)

// ProviderSet is the age verification provider set.
var ProviderSet = wire.NewSet(New)

// Outcomes returned by the vendor.
const (
	OutcomePass   = "pass"
	OutcomeFail   = "fail"
	OutcomeReview = "review"
)

// Request is the identity to check.
type Request struct {
	FirstName  string `json:"first_name"`
	LastName   string `json:"last_name"`
	DOB        string `json:"dob"`
	Line1      string `json:"address_line1"`
	City       string `json:"city"`
	State      string `json:"state"`
	PostalCode string `json:"postal_code"`
	MinimumAge int    `json:"minimum_age"`
}

// Result is the vendor verdict.
type Result struct {
	CheckID   string    `json:"check_id"`
	Outcome   string    `json:"outcome"`
	Score     float64   `json:"score"`
	CheckedAt time.Time `json:"checked_at"`
}

// Client is the VerifyAge client.
type Client struct {
	http *http.Client
	base string
	key  string
}

// New builds the client.
func New(cfg config.Config) *Client {
	return &Client{http: &http.Client{Timeout: 10 * time.Second}, base: cfg.AgeVerifyURL, key: cfg.AgeVerifyKey}
}

// Check runs an age check.
func (c *Client) Check(ctx context.Context, req Request) (*Result, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/v1/checks", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("X-Api-Key", c.key)
	resp, err := c.http.Do(hreq)
	if err != nil {
		return nil, fmt.Errorf("verifyage: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("verifyage: status %d: %s", resp.StatusCode, raw)
	}
	var out Result
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("verifyage: decode: %w", err)
	}
	return &out, nil
}
