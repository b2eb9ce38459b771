// Package mailer is the HTTP client for the transactional e-mail provider.
// The provider drops a message whose message_id it has already accepted.
package mailer

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/civicfund/grants/internal/platform/httpx"
	pretry "github.com/civicfund/grants/internal/platform/retry"
	"github.com/civicfund/grants/internal/ports"
)

// Client implements ports.Mailer.
type Client struct {
	baseURL  string
	apiKey   string
	from     string
	http     *http.Client
	attempts uint
}

// New builds a client.
func New(baseURL, apiKey, from string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, from: from, http: httpx.DefaultClient, attempts: 4}
}

type sendBody struct {
	MessageID string         `json:"message_id"`
	From      string         `json:"from"`
	To        string         `json:"to"`
	Template  string         `json:"template"`
	Vars      map[string]any `json:"vars,omitempty"`
}

// Send posts the message, retrying transient failures.
func (c *Client) Send(ctx context.Context, e ports.Email) error {
	body := sendBody{MessageID: e.MessageID, From: c.from, To: e.To, Template: e.Template, Vars: e.Vars}
	headers := map[string]string{"Authorization": "Bearer " + c.apiKey}
	err := retry.Do(
		func() error {
			_, err := httpx.PostJSON(ctx, c.http, c.baseURL+"/v1/messages", headers, body, nil)
			if err != nil && !isRetryable(err) {
				return retry.Unrecoverable(err)
			}
			return err
		},
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(250*time.Millisecond),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
	)
	if err != nil {
		return fmt.Errorf("mailer send %s: %w", e.Template, err)
	}
	return nil
}

func isRetryable(err error) bool {
	classified := pretry.ClassifyHTTP(err)
	return classified == err
}
