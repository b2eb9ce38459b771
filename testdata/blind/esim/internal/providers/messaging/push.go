package messaging

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/globetrek/esim-platform/internal/providers/httpx"
)

// Push is the client of the push relay. The relay drops a second message
// carrying the same X-Message-Id within 24 hours.
type Push struct {
	http    *retryablehttp.Client
	baseURL string
	appID   string
}

// NewPush returns a push client for the app.
func NewPush(c *retryablehttp.Client, baseURL, appID string) *Push {
	return &Push{http: c, baseURL: baseURL, appID: appID}
}

// PushMessage is one notification.
type PushMessage struct {
	MessageID string            `json:"-"`
	Token     string            `json:"token"`
	Title     string            `json:"title"`
	Body      string            `json:"body"`
	Data      map[string]string `json:"data,omitempty"`
}

// Send delivers m to the device.
func (p *Push) Send(ctx context.Context, m PushMessage) error {
	h := http.Header{}
	if m.MessageID != "" {
		h.Set("X-Message-Id", m.MessageID)
	}
	body := map[string]any{"app": p.appID, "message": m}
	return httpx.Do(ctx, p.http, httpx.Call{Method: http.MethodPost, URL: p.baseURL + "/v1/push", Body: body, Header: h}, nil)
}
