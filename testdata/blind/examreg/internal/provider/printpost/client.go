package printpost

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"time"

	"github.com/lexicaassess/examreg/internal/platform/httpx"
)

// Options configures the print partner client.
type Options struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	Timeout       time.Duration
	HTTPClient    *http.Client
}

// Client talks to the print-and-post partner.
//
// Orders (single and manifest) honour an Idempotency-Key header for 24 hours.
// The reprint endpoint is the partner's older v1 API and has no equivalent.
type Client struct {
	base   string
	apiKey string
	secret []byte
	http   httpx.Doer
}

// New builds a Client.
func New(opts Options) *Client {
	hc := opts.HTTPClient
	if hc == nil {
		if opts.Timeout == 0 {
			opts.Timeout = 15 * time.Second
		}
		hc = &http.Client{Timeout: opts.Timeout}
	}
	return &Client{base: opts.BaseURL, apiKey: opts.APIKey, secret: []byte(opts.WebhookSecret), http: hc}
}

func (c *Client) auth() httpx.RequestOption { return httpx.Header("X-Api-Key", c.apiKey) }

// SubmitOrder places one order. opts may carry an idempotency key.
func (c *Client) SubmitOrder(ctx context.Context, o Order, opts ...httpx.RequestOption) (*OrderAck, error) {
	req, err := httpx.JSON(ctx, http.MethodPost, c.base, "/v2/orders", o, append([]httpx.RequestOption{c.auth()}, opts...)...)
	if err != nil {
		return nil, err
	}
	var ack OrderAck
	if err := httpx.Do(c.http, req, &ack); err != nil {
		return nil, err
	}
	return &ack, nil
}

// SubmitManifest places a batch of orders in one call.
func (c *Client) SubmitManifest(ctx context.Context, m Manifest, opts ...httpx.RequestOption) (*ManifestAck, error) {
	req, err := httpx.JSON(ctx, http.MethodPost, c.base, "/v2/manifests", m, append([]httpx.RequestOption{c.auth()}, opts...)...)
	if err != nil {
		return nil, err
	}
	var ack ManifestAck
	if err := httpx.Do(c.http, req, &ack); err != nil {
		return nil, err
	}
	return &ack, nil
}

// RequestReprint asks for an existing order to be printed and posted again.
func (c *Client) RequestReprint(ctx context.Context, r Reprint) (*OrderAck, error) {
	req, err := httpx.JSON(ctx, http.MethodPost, c.base, "/v1/reprints", r, c.auth())
	if err != nil {
		return nil, err
	}
	var ack OrderAck
	if err := httpx.Do(c.http, req, &ack); err != nil {
		return nil, err
	}
	return &ack, nil
}

// VerifySignature checks the X-PP-Signature header on a dispatch webhook.
func (c *Client) VerifySignature(body []byte, header string) bool {
	mac := hmac.New(sha256.New, c.secret)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(header))
}
