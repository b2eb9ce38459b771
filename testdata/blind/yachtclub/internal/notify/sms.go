package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Texter sends SMS. The provider has no request deduplication: every
// accepted POST is a new message.
type Texter interface {
	SendSMS(ctx context.Context, to, body string) (string, error)
}

// HTTPTexter talks to the Textline messages API.
type HTTPTexter struct {
	baseURL   string
	account   string
	authToken string
	from      string
	http      *http.Client
}

// NewHTTPTexter builds the SMS client.
func NewHTTPTexter(baseURL, account, authToken, from string) *HTTPTexter {
	return &HTTPTexter{baseURL: baseURL, account: account, authToken: authToken, from: from,
		http: &http.Client{Timeout: 10 * time.Second}}
}

func (t *HTTPTexter) SendSMS(ctx context.Context, to, body string) (string, error) {
	form := url.Values{}
	form.Set("To", to)
	form.Set("From", t.from)
	form.Set("Body", body)
	endpoint := fmt.Sprintf("%s/v1/accounts/%s/messages", t.baseURL, url.PathEscape(t.account))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(t.account, t.authToken)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := t.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("sms send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("sms send: status %d: %s", resp.StatusCode, strings.TrimSpace(string(raw)))
	}
	var out struct {
		SID string `json:"sid"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("sms send: decode: %w", err)
	}
	return out.SID, nil
}
