// Package textmsg sends SMS through the Twilio-style messaging API. The API
// deduplicates requests that carry the same I-Twilio-Idempotency-Token.
package textmsg

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/keystone-pm/rent/internal/provider/transport"
)

type Client struct {
	baseURL    string
	accountSID string
	authToken  string
	from       string
	hc         *http.Client
	policy     transport.Policy
}

type Config struct {
	BaseURL    string
	AccountSID string
	AuthToken  string
	From       string
	Timeout    time.Duration
}

func New(cfg Config) *Client {
	return &Client{
		baseURL:    cfg.BaseURL,
		accountSID: cfg.AccountSID,
		authToken:  cfg.AuthToken,
		from:       cfg.From,
		hc:         &http.Client{Timeout: cfg.Timeout},
		policy:     transport.DefaultPolicy,
	}
}

// Message is built with NewMessage and the With* helpers.
type Message struct {
	to             string
	body           string
	statusCallback string
	token          string
}

// NewMessage starts a message to the given E.164 number.
func NewMessage(to, body string) Message {
	return Message{to: to, body: body}
}

// WithIdempotencyToken attaches a token the API uses to recognise a repeated
// send.
func (m Message) WithIdempotencyToken(tok string) Message {
	m.token = tok
	return m
}

// WithStatusCallback asks the API to post delivery updates to u.
func (m Message) WithStatusCallback(u string) Message {
	m.statusCallback = u
	return m
}

// Token returns the idempotency token, if any.
func (m Message) Token() string { return m.token }

// Sent is the API's response.
type Sent struct {
	SID    string `json:"sid"`
	Status string `json:"status"`
}

// Send posts the message.
func (c *Client) Send(ctx context.Context, m Message) (*Sent, error) {
	form := url.Values{}
	form.Set("To", m.to)
	form.Set("From", c.from)
	form.Set("Body", m.body)
	if m.statusCallback != "" {
		form.Set("StatusCallback", m.statusCallback)
	}
	h := http.Header{}
	h.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(c.accountSID+":"+c.authToken)))
	if m.token != "" {
		h.Set("I-Twilio-Idempotency-Token", m.token)
	}
	var out Sent
	err := transport.Do(ctx, c.hc, c.policy, transport.Request{
		Method:  http.MethodPost,
		URL:     fmt.Sprintf("%s/2010-04-01/Accounts/%s/Messages.json", c.baseURL, url.PathEscape(c.accountSID)),
		Header:  h,
		Form:    []byte(form.Encode()),
		Decoded: &out,
	})
	if err != nil {
		return nil, fmt.Errorf("textmsg: send: %w", err)
	}
	return &out, nil
}
