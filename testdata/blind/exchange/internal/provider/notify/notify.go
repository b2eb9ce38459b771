// Package notify sends customer SMS and operations alerts.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// SMS sends text messages through the SMS gateway. The gateway has no
// deduplication: every accepted request is delivered.
type SMS struct {
	http   *http.Client
	base   string
	token  string
	sender string
}

// NewSMS returns an SMS client.
func NewSMS(base, token, sender string) *SMS {
	return &SMS{http: &http.Client{Timeout: 10 * time.Second}, base: base, token: token, sender: sender}
}

// Send delivers body to the E.164 number.
func (s *SMS) Send(ctx context.Context, to, body string) error {
	payload, _ := json.Marshal(map[string]string{"from": s.sender, "to": to, "text": body})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.base+"/messages", bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+s.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("sms: status %d", resp.StatusCode)
	}
	return nil
}

// Alert is an operations notification.
type Alert struct {
	Severity string            `json:"severity"`
	Title    string            `json:"title"`
	Body     string            `json:"body"`
	Fields   map[string]string `json:"fields,omitempty"`
}

// OpsChannel posts alerts to the treasury operations channel webhook.
type OpsChannel struct {
	http *http.Client
	url  string
}

// NewOpsChannel returns an alert poster.
func NewOpsChannel(url string) *OpsChannel {
	return &OpsChannel{http: &http.Client{Timeout: 5 * time.Second}, url: url}
}

// Post sends the alert.
func (o *OpsChannel) Post(ctx context.Context, a Alert) error {
	payload, err := json.Marshal(a)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, o.url, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := o.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("ops alert: status %d", resp.StatusCode)
	}
	return nil
}
