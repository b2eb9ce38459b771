// Package tillpoint is the client for Tillpoint, the card processor that
// collects buyer payments into the platform's escrow account.
package tillpoint

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/platform/httpclient"
	"github.com/encorelane/resale/internal/platform/ids"
)

// Tillpoint dedups POSTs on the Idempotency-Key header for 24 hours.
const idempotencyHeader = "Idempotency-Key"

type ChargeParams struct {
	AmountCents    int64             `json:"amount"`
	Currency       string            `json:"currency"`
	PaymentToken   string            `json:"payment_token"`
	Description    string            `json:"description"`
	Metadata       map[string]string `json:"metadata,omitempty"`
	IdempotencyKey string            `json:"-"`
}

type Charge struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

type RefundParams struct {
	ChargeID       string `json:"charge"`
	AmountCents    int64  `json:"amount"`
	Reason         string `json:"reason,omitempty"`
	IdempotencyKey string `json:"-"`
}

type Refund struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

type Client interface {
	CreateCharge(ctx context.Context, p ChargeParams) (*Charge, error)
	Refund(ctx context.Context, p RefundParams) (*Refund, error)
}

// NewIdempotencyKey returns a key in the format Tillpoint recommends.
func NewIdempotencyKey() string { return ids.Prefixed("idk") }

type HTTPClient struct {
	base   string
	secret string
	http   *retryablehttp.Client
}

func NewHTTPClient(cfg *config.Config, log *slog.Logger) *HTTPClient {
	return &HTTPClient{
		base:   cfg.Tillpoint.BaseURL,
		secret: cfg.Tillpoint.SecretKey,
		http:   httpclient.New(httpclient.Options{Logger: log.With("provider", "tillpoint")}),
	}
}

func (c *HTTPClient) headers(key string) map[string]string {
	h := map[string]string{"Authorization": "Bearer " + c.secret}
	if key != "" {
		h[idempotencyHeader] = key
	}
	return h
}

func (c *HTTPClient) CreateCharge(ctx context.Context, p ChargeParams) (*Charge, error) {
	var out Charge
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Method: http.MethodPost, URL: c.base + "/v1/charges", Headers: c.headers(p.IdempotencyKey), Body: p,
	}, &out)
	if err != nil {
		return nil, fmt.Errorf("tillpoint charge: %w", err)
	}
	return &out, nil
}

func (c *HTTPClient) Refund(ctx context.Context, p RefundParams) (*Refund, error) {
	var out Refund
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Method: http.MethodPost, URL: c.base + "/v1/charges/" + url.PathEscape(p.ChargeID) + "/refunds",
		Headers: c.headers(p.IdempotencyKey), Body: p,
	}, &out)
	if err != nil {
		return nil, fmt.Errorf("tillpoint refund: %w", err)
	}
	return &out, nil
}

// WebhookEvent is the body Tillpoint posts to /webhooks/tillpoint.
type WebhookEvent struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

type ChargeEventData struct {
	ChargeID    string            `json:"id"`
	AmountCents int64             `json:"amount"`
	Metadata    map[string]string `json:"metadata"`
}

type RefundEventData struct {
	RefundID string `json:"id"`
	ChargeID string `json:"charge"`
}

var ErrBadSignature = errors.New("tillpoint: bad webhook signature")

// VerifySignature checks the Tillpoint-Signature header ("t=<unix>,v1=<hex>").
func VerifySignature(secret string, header string, body []byte, tolerance time.Duration) error {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	if ts == "" || sig == "" {
		return ErrBadSignature
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return ErrBadSignature
	}
	if time.Since(time.Unix(unix, 0)) > tolerance {
		return fmt.Errorf("%w: timestamp outside tolerance", ErrBadSignature)
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "." + string(body)))
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return ErrBadSignature
	}
	return nil
}
