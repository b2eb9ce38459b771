// Package pushgw sends push notifications to the courier app through our
// push gateway. The gateway fans out to APNs/FCM and has no deduplication.
package pushgw

import (
	"context"
	"net/http"
	"time"

	"github.com/quaymile/dispatch/internal/config"
	"github.com/quaymile/dispatch/internal/providers/httpdo"
)

// Notification is one push.
type Notification struct {
	Token    string            `json:"token"`
	Title    string            `json:"title"`
	Body     string            `json:"body"`
	Data     map[string]string `json:"data,omitempty"`
	Priority string            `json:"priority,omitempty"`
}

// Pusher sends pushes.
type Pusher interface {
	Send(ctx context.Context, n Notification) (string, error)
}

type client struct {
	http *httpdo.Client
}

// NewPusher builds the push gateway client.
func NewPusher(cfg config.Config) Pusher {
	return &client{http: &httpdo.Client{
		HTTP:     &http.Client{Timeout: 5 * time.Second},
		BaseURL:  cfg.PushGatewayURL,
		Headers:  map[string]string{"Authorization": "Bearer " + cfg.PushGatewayKey},
		Attempts: 2,
	}}
}

func (c *client) Send(ctx context.Context, n Notification) (string, error) {
	var out struct {
		ID string `json:"id"`
	}
	if n.Priority == "" {
		n.Priority = "high"
	}
	if err := c.http.Do(ctx, httpdo.Request{Method: http.MethodPost, Path: "/v1/push", Body: n}, &out); err != nil {
		return "", err
	}
	return out.ID, nil
}
