// Package partner talks to distributors' partner APIs. When we accept a
// play-count report, the distributor expects an acceptance notice; on their
// side it opens the settlement claim for that report. The partner API has no
// idempotency support: each POST books a new claim.
package partner

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Acceptance is sent when a report manifest has been taken in.
type Acceptance struct {
	DistributorID    string    `json:"-"`
	ExternalReportID string    `json:"report_id"`
	Period           string    `json:"period"`
	ExpectedLines    int       `json:"expected_lines"`
	ExpectedPlays    int64     `json:"expected_plays"`
	AcceptedAt       time.Time `json:"accepted_at"`
}

// Notifier notifies distributors.
type Notifier interface {
	AcceptReport(ctx context.Context, a Acceptance) error
}

// Directory resolves a distributor's partner API base URL and token.
type Directory interface {
	Endpoint(ctx context.Context, distributorID string) (baseURL, token string, err error)
}

// Client implements Notifier.
type Client struct {
	dir  Directory
	http *http.Client
}

// New returns a Client.
func New(dir Directory, timeout time.Duration) *Client {
	return &Client{dir: dir, http: &http.Client{Timeout: timeout}}
}

// AcceptReport implements Notifier.
func (c *Client) AcceptReport(ctx context.Context, a Acceptance) error {
	base, token, err := c.dir.Endpoint(ctx, a.DistributorID)
	if err != nil {
		return err
	}
	body, err := json.Marshal(a)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost,
		fmt.Sprintf("%s/v2/reports/%s/acceptance", base, a.ExternalReportID), bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("partner %s: %w", a.DistributorID, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("partner %s: acceptance status %d", a.DistributorID, resp.StatusCode)
	}
	return nil
}

// StaticDirectory serves endpoints from configuration.
type StaticDirectory map[string]Endpoint

// Endpoint is a distributor's partner API location.
type Endpoint struct {
	BaseURL string
	Token   string
}

// Endpoint implements Directory.
func (d StaticDirectory) Endpoint(_ context.Context, distributorID string) (string, string, error) {
	e, ok := d[distributorID]
	if !ok {
		return "", "", fmt.Errorf("partner: no endpoint for distributor %q", distributorID)
	}
	return e.BaseURL, e.Token, nil
}
