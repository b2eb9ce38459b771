// Package sms sends text messages through TextPing.
//
// TextPing has no idempotency mechanism: every accepted POST is a new SMS.
package sms

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/polyglotdesk/marketplace/internal/platform"
)

// Sender sends a text message and returns the provider's message id.
type Sender interface {
	Send(ctx context.Context, to, body string) (string, error)
}

type textPing struct {
	base   string
	apiKey string
	from   string
	hc     *retryablehttp.Client
}

// NewTextPing builds the TextPing sender.
func NewTextPing(base, apiKey, from string, hc *retryablehttp.Client) Sender {
	return &textPing{base: base, apiKey: apiKey, from: from, hc: hc}
}

func (t *textPing) Send(ctx context.Context, to, body string) (string, error) {
	h := http.Header{}
	h.Set("Authorization", "Token "+t.apiKey)
	in := map[string]string{"from": t.from, "to": to, "text": body}
	var out struct {
		SID string `json:"sid"`
	}
	if err := platform.DoJSON(ctx, t.hc, "textping", http.MethodPost, t.base+"/v1/messages", h, in, &out); err != nil {
		return "", err
	}
	return out.SID, nil
}
