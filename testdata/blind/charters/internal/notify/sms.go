// Package notify sends customer and crew text messages through the SMS
// gateway.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type SMS struct {
	rc     *retryablehttp.Client
	base   string
	apiKey string
	from   string
}

func NewSMS(base, apiKey, from string, retryMax int) *SMS {
	rc := retryablehttp.NewClient()
	rc.RetryMax = retryMax
	rc.RetryWaitMax = 2 * time.Second
	rc.Logger = nil
	return &SMS{rc: rc, base: base, apiKey: apiKey, from: from}
}

type message struct {
	From string `json:"from"`
	To   string `json:"to"`
	Body string `json:"body"`
}

// Send queues one message with the gateway.
func (s *SMS) Send(ctx context.Context, to, body string) error {
	raw, err := json.Marshal(message{From: s.from, To: to, Body: body})
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, s.base+"/v1/messages", bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.SetBasicAuth("api", s.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.rc.Do(req)
	if err != nil {
		return fmt.Errorf("sms: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("sms: gateway answered %d", resp.StatusCode)
	}
	return nil
}
