// Package messaging sends SMS and push notifications to travellers.
package messaging

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/globetrek/esim-platform/internal/providers/httpx"
)

// SMS is the client of the SMS aggregator. The aggregator has no request
// deduplication: every accepted POST is a message on the handset.
type SMS struct {
	http    *retryablehttp.Client
	baseURL string
	sender  string
}

// NewSMS returns an SMS client sending as sender.
func NewSMS(c *retryablehttp.Client, baseURL, sender string) *SMS {
	return &SMS{http: c, baseURL: baseURL, sender: sender}
}

// SMSReceipt is the aggregator's answer.
type SMSReceipt struct {
	MessageID string `json:"message_id"`
	Parts     int    `json:"parts"`
}

// Send delivers text to the E.164 number to.
func (s *SMS) Send(ctx context.Context, to, text string) (*SMSReceipt, error) {
	var out SMSReceipt
	body := map[string]string{"from": s.sender, "to": to, "text": text}
	if err := httpx.Do(ctx, s.http, httpx.Call{Method: http.MethodPost, URL: s.baseURL + "/v1/sms", Body: body}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
