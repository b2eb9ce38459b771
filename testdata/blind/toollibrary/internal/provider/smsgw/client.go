// Package smsgw is a client for the SMS gateway.
//
// The gateway deduplicates on the optional client_ref field: a second
// message with the same client_ref within 48 hours is accepted with 200 and
// the original message ID, and nothing is sent.
package smsgw

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type Config struct {
	BaseURL        string
	AccountSID     string
	AuthToken      string
	StatusCallback string
}

type Client struct {
	http     *retryablehttp.Client
	baseURL  string
	sid      string
	token    string
	callback string
}

func New(httpClient *retryablehttp.Client, cfg Config) *Client {
	return &Client{
		http:     httpClient,
		baseURL:  strings.TrimRight(cfg.BaseURL, "/"),
		sid:      cfg.AccountSID,
		token:    cfg.AuthToken,
		callback: cfg.StatusCallback,
	}
}

// Message is an outbound SMS.
type Message struct {
	To   string
	From string
	Body string
	// ClientRef deduplicates sends within the gateway's 48h window.
	ClientRef string
}

type SendResult struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Segments  int    `json:"segments"`
	Duplicate bool   `json:"duplicate"`
}

type apiError struct {
	Status  int
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *apiError) Error() string {
	return fmt.Sprintf("smsgw: %d (%d) %s", e.Status, e.Code, e.Message)
}

// Send submits a message for delivery.
func (c *Client) Send(ctx context.Context, m Message) (*SendResult, error) {
	body := map[string]any{
		"to":   m.To,
		"from": m.From,
		"body": m.Body,
	}
	if m.ClientRef != "" {
		body["client_ref"] = m.ClientRef
	}
	if c.callback != "" {
		body["status_callback"] = c.callback
	}
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/accounts/"+c.sid+"/messages", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.SetBasicAuth(c.sid, c.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("smsgw: send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode >= 300 {
		e := &apiError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, e)
		return nil, e
	}
	var out SendResult
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("smsgw: decode: %w", err)
	}
	return &out, nil
}

// Receipt is a delivery status callback.
type Receipt struct {
	MessageID  string    `json:"message_id"`
	Status     string    `json:"status"`
	ErrorCode  string    `json:"error_code"`
	ReportedAt time.Time `json:"reported_at"`
}

// VerifyCallback checks the X-Gateway-Signature header: base64 HMAC-SHA256
// over the callback URL followed by the raw body.
func VerifyCallback(token, callbackURL, header string, body []byte) bool {
	mac := hmac.New(sha256.New, []byte(token))
	mac.Write([]byte(callbackURL))
	mac.Write(body)
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(header))
}
