// Package notify sends signer and notary notifications: transactional email
// through Postwire and SMS through Textline.
package notify

import (
	"context"
	"net/http"
	"time"

	"github.com/sealpoint-labs/notary/internal/provider"
)

type Email struct {
	To       string
	Template string
	Data     map[string]any
	// DedupKey is sent as X-Message-Key. Postwire drops a second send with
	// the same key within 7 days and returns the original message ID.
	DedupKey string
}

type Mailer struct {
	api    *provider.Client
	apiKey string
	from   string
}

func NewMailer(baseURL, apiKey, from string) *Mailer {
	return &Mailer{
		api:    provider.New(provider.Options{Name: "postwire", BaseURL: baseURL, Timeout: 10 * time.Second}),
		apiKey: apiKey,
		from:   from,
	}
}

type sendRequest struct {
	From     string         `json:"from"`
	To       string         `json:"to"`
	Template string         `json:"template"`
	Data     map[string]any `json:"data"`
}

func (m *Mailer) Send(ctx context.Context, e Email) (string, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+m.apiKey)
	if e.DedupKey != "" {
		h.Set("X-Message-Key", e.DedupKey)
	}
	var out struct {
		MessageID string `json:"message_id"`
	}
	err := m.api.Do(ctx, http.MethodPost, "/v3/send", h,
		sendRequest{From: m.from, To: e.To, Template: e.Template, Data: e.Data}, &out)
	return out.MessageID, err
}
