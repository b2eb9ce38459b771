// Package twilio sends SMS through the Twilio Messages REST API using plain
// net/http. The Messages API has no idempotency mechanism: every accepted
// POST is a new message.
package twilio

import (
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"
)

// Sender is the interface the rest of the code depends on.
type Sender interface {
	Send(ctx context.Context, to, body string) (*Message, error)
}

// Client is a Twilio REST client.
type Client struct {
	accountSID     string
	authToken      string
	from           string
	statusCallback string
	baseURL        string
	http           *http.Client
}

// Config holds credentials and sender settings.
type Config struct {
	AccountSID     string
	AuthToken      string
	From           string
	StatusCallback string
	BaseURL        string
}

// New returns a Client.
func New(cfg Config) *Client {
	base := cfg.BaseURL
	if base == "" {
		base = "https://api.twilio.com"
	}
	return &Client{
		accountSID:     cfg.AccountSID,
		authToken:      cfg.AuthToken,
		from:           cfg.From,
		statusCallback: cfg.StatusCallback,
		baseURL:        base,
		http:           &http.Client{Timeout: 10 * time.Second},
	}
}

// Message is the subset of Twilio's message resource we keep.
type Message struct {
	SID    string `json:"sid"`
	Status string `json:"status"`
}

// Error is a Twilio API error.
type Error struct {
	HTTPStatus int
	Code       int    `json:"code"`
	Message    string `json:"message"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("twilio: HTTP %d code %d: %s", e.HTTPStatus, e.Code, e.Message)
}

// Temporary is true only for throttling, where Twilio guarantees the message
// was not accepted.
func (e *Error) Temporary() bool { return e.HTTPStatus == http.StatusTooManyRequests }

// Send posts a message.
func (c *Client) Send(ctx context.Context, to, body string) (*Message, error) {
	form := url.Values{}
	form.Set("To", to)
	form.Set("From", c.from)
	form.Set("Body", body)
	if c.statusCallback != "" {
		form.Set("StatusCallback", c.statusCallback)
	}
	endpoint := fmt.Sprintf("%s/2010-04-01/Accounts/%s/Messages.json", c.baseURL, c.accountSID)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.SetBasicAuth(c.accountSID, c.authToken)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")

	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("twilio: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		e := &Error{HTTPStatus: resp.StatusCode}
		_ = json.Unmarshal(raw, e)
		return nil, e
	}
	var m Message
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("twilio: decode: %w", err)
	}
	return &m, nil
}

// ValidateSignature checks X-Twilio-Signature for a form-encoded callback.
func ValidateSignature(authToken, fullURL string, params url.Values, signature string) bool {
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(fullURL)
	for _, k := range keys {
		b.WriteString(k)
		b.WriteString(params.Get(k))
	}
	mac := hmac.New(sha1.New, []byte(authToken))
	mac.Write([]byte(b.String()))
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}
