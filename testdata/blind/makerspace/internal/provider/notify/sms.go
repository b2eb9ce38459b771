// Package notify sends SMS through the messaging provider. The provider has no
// request deduplication: every accepted POST is a message on someone's phone.
package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Config holds the SMS account settings.
type Config struct {
	BaseURL    string
	AccountSID string
	AuthToken  string
	From       string
}

// SMS sends text messages.
type SMS struct {
	cfg  Config
	http *http.Client
}

// NewSMS returns an SMS client.
func NewSMS(cfg Config) *SMS {
	return &SMS{cfg: cfg, http: &http.Client{Timeout: 10 * time.Second}}
}

// Send delivers body to the E.164 number to and returns the provider's message id.
func (s *SMS) Send(ctx context.Context, to, body string) (string, error) {
	form := url.Values{}
	form.Set("To", to)
	form.Set("From", s.cfg.From)
	form.Set("Body", body)
	endpoint := fmt.Sprintf("%s/accounts/%s/messages.json", s.cfg.BaseURL, s.cfg.AccountSID)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(s.cfg.AccountSID, s.cfg.AuthToken)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := s.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("sms: HTTP %d", resp.StatusCode)
	}
	var out struct {
		SID string `json:"sid"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", err
	}
	return out.SID, nil
}
