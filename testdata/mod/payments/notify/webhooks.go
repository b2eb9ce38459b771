// Package notify delivers merchants' webhooks with go-retryablehttp. It
// runs outside any handler or consumer, but the client retries a request
// itself when the response is slow or a 5xx: a POST without a key may be
// delivered twice.
package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// Event is a webhook payload.
type Event struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload"`
}

// Webhooks delivers events to merchant endpoints.
type Webhooks struct {
	Client *retryablehttp.Client
}

// New returns a Webhooks with a retrying client.
func New() *Webhooks {
	c := retryablehttp.NewClient()
	c.RetryMax = 5
	return &Webhooks{Client: c}
}

// Deliver posts the event to the merchant's endpoint without a key: the
// merchant cannot tell the client's retry from a second event.
func (n *Webhooks) Deliver(ctx context.Context, endpoint string, ev Event) error {
	body, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, endpoint, body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Webhook-Event-Type", ev.Type)
	resp, err := n.Client.Do(req) // finding: IDEM002
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("webhook %s: %s", ev.ID, resp.Status)
	}
	return nil
}

// Verify fetches the endpoint's verification document: a GET, which the
// client may repeat safely.
func (n *Webhooks) Verify(ctx context.Context, endpoint string) (bool, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, endpoint+"/.well-known/webhooks", nil)
	if err != nil {
		return false, err
	}
	resp, err := n.Client.Do(req) // safe: a GET does not change state
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	return resp.StatusCode == http.StatusOK, nil
}
