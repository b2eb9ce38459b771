// Package fleet delivers session events to fleet customers' own systems.
//
// Fleet customers register a webhook URL and a bearer token on their account.
// Their receivers are plain HTTP endpoints we do not control; several of them
// book an expense line per request.
package fleet

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/cityparking/parking/internal/config"
)

type Event struct {
	Type       string    `json:"type"`
	AccountID  string    `json:"account_id"`
	Plate      string    `json:"plate"`
	Location   string    `json:"location"`
	StartedAt  time.Time `json:"started_at"`
	EndedAt    time.Time `json:"ended_at,omitempty"`
	AmountCent int64     `json:"amount_cents"`
	Currency   string    `json:"currency"`
}

type Notifier interface {
	Notify(ctx context.Context, url, token string, ev Event) error
}

type HTTPNotifier struct {
	client *http.Client
}

func NewHTTPNotifier(timeout time.Duration) *HTTPNotifier {
	return &HTTPNotifier{client: &http.Client{Timeout: timeout}}
}

func ProvideNotifier(cfg *config.Config) Notifier {
	return NewHTTPNotifier(cfg.FleetWebhookTimeout)
}

func (n *HTTPNotifier) Notify(ctx context.Context, url, token string, ev Event) error {
	body, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("User-Agent", "cityparking-fleet/1.0")
	resp, err := n.client.Do(req)
	if err != nil {
		return fmt.Errorf("fleet: post %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("fleet: %s returned %d", url, resp.StatusCode)
	}
	return nil
}
