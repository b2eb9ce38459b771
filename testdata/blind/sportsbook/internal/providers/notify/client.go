// Package notify is the client for the messaging provider (SMS and mobile
// push).
//
// POST /v1/sms honours an Idempotency-Key header (24h window). The push
// endpoint has no deduplication.
package notify

import (
	"context"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/kickoffbet/sportsbook/internal/httpx"
)

// SMS is an outbound text message.
type SMS struct {
	To       string            `json:"to"`
	Template string            `json:"template"`
	Locale   string            `json:"locale,omitempty"`
	Vars     map[string]string `json:"vars,omitempty"`
}

// Push is a mobile push notification.
type Push struct {
	PlayerID string            `json:"external_user_id"`
	Title    string            `json:"title"`
	Body     string            `json:"body"`
	Data     map[string]string `json:"data,omitempty"`
}

// Option customises a send.
type Option func(*sendOptions)

type sendOptions struct {
	key string
}

// WithKey sets the Idempotency-Key for an SMS.
func WithKey(key string) Option { return func(o *sendOptions) { o.key = key } }

// Notifier sends player notifications.
type Notifier interface {
	SendSMS(ctx context.Context, msg SMS, opts ...Option) error
	SendPush(ctx context.Context, p Push) error
}

// Client implements Notifier.
type Client struct {
	base   string
	token  string
	hc     *http.Client
	policy httpx.Policy
}

// New returns a messaging client.
func New(base, token string) *Client {
	return &Client{
		base:   base,
		token:  token,
		hc:     &http.Client{Timeout: 10 * time.Second},
		policy: httpx.Policy{Attempts: 3, Delay: 250 * time.Millisecond, MaxDelay: 2 * time.Second},
	}
}

// SendSMS sends a templated SMS.
func (c *Client) SendSMS(ctx context.Context, msg SMS, opts ...Option) error {
	var so sendOptions
	for _, o := range opts {
		o(&so)
	}
	h := c.headers()
	if so.key != "" {
		h.Set("Idempotency-Key", so.key)
	}
	return retry.Do(func() error {
		return httpx.DoJSON(ctx, c.hc, httpx.Request{
			Method: http.MethodPost, URL: c.base + "/v1/sms", Body: msg, Headers: h,
		}, nil)
	}, c.policy.Options(ctx)...)
}

// SendPush sends a push notification to every device of the player.
func (c *Client) SendPush(ctx context.Context, p Push) error {
	return retry.Do(func() error {
		return httpx.DoJSON(ctx, c.hc, httpx.Request{
			Method: http.MethodPost, URL: c.base + "/v1/push", Body: p, Headers: c.headers(),
		}, nil)
	}, c.policy.Options(ctx)...)
}

func (c *Client) headers() http.Header {
	h := http.Header{}
	h.Set("Authorization", "Token "+c.token)
	return h
}
