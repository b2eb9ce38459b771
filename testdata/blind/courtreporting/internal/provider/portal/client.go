// Package portal talks to LexVault, the secure transcript portal that
// firms use to receive and share deposition transcripts.
package portal

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/stenoline-legal/depobook/internal/config"
)

type Client struct {
	http    *retryablehttp.Client
	baseURL string
	apiKey  string
	secret  []byte
}

func New(cfg config.Config) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = cfg.Portal.RetryMax
	rc.HTTPClient.Timeout = cfg.Portal.Timeout
	rc.Logger = nil
	return &Client{
		http:    rc,
		baseURL: cfg.Portal.BaseURL,
		apiKey:  cfg.Portal.APIKey,
		secret:  []byte(cfg.Portal.WebhookSecret),
	}
}

// CallOption adjusts a single request.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the Idempotency-Key header. LexVault returns
// the original response for a repeated key for 72 hours.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

type MatterRequest struct {
	ExternalRef string `json:"external_ref"`
	Caption     string `json:"caption"`
	Deponent    string `json:"deponent"`
	FirmName    string `json:"firm_name"`
}

type Matter struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

type DeliveryRequest struct {
	MatterID    string `json:"matter_id,omitempty"`
	ExternalRef string `json:"external_ref"`
	FileKey     string `json:"file_key"`
	Pages       int    `json:"pages"`
	Version     int    `json:"version"`
	Certified   bool   `json:"certified"`
	Rush        bool   `json:"rush"`
}

type Delivery struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

type Share struct {
	ID    string `json:"id"`
	Email string `json:"email"`
}

// OpenMatter creates the matter workspace transcripts are delivered into.
func (c *Client) OpenMatter(ctx context.Context, req MatterRequest, opts ...CallOption) (*Matter, error) {
	var out Matter
	if err := c.do(ctx, http.MethodPost, "/matters", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateDelivery uploads a transcript version into a matter.
func (c *Client) CreateDelivery(ctx context.Context, req DeliveryRequest, opts ...CallOption) (*Delivery, error) {
	var out Delivery
	if err := c.do(ctx, http.MethodPost, "/deliveries", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// GrantShare invites a user to a matter. LexVault emails the invitee on
// every call.
func (c *Client) GrantShare(ctx context.Context, matterID, email, role string) (*Share, error) {
	var out Share
	body := map[string]string{"email": email, "role": role}
	path := "/matters/" + url.PathEscape(matterID) + "/shares"
	if err := c.do(ctx, http.MethodPost, path, body, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) do(ctx context.Context, method, path string, in, out any, opts []CallOption) error {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("portal %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return fmt.Errorf("portal %s %s: status %d: %s", method, path, resp.StatusCode, raw)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}

// Event is a LexVault webhook notification.
type Event struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt int64           `json:"created_at"`
	Data      json.RawMessage `json:"data"`
}

type MatterOpened struct {
	MatterID    string `json:"matter_id"`
	ExternalRef string `json:"external_ref"`
}

type DeliveryReceived struct {
	DeliveryID  string `json:"delivery_id"`
	ExternalRef string `json:"external_ref"`
	ReceivedBy  string `json:"received_by"`
	ReceivedAt  int64  `json:"received_at"`
}

type DeliveryFailed struct {
	DeliveryID  string `json:"delivery_id"`
	ExternalRef string `json:"external_ref"`
	Version     int    `json:"version"`
	Reason      string `json:"reason"`
}

// Verify checks the X-LexVault-Signature header (hex HMAC-SHA256 of the body).
func (c *Client) Verify(body []byte, signature string) bool {
	mac := hmac.New(sha256.New, c.secret)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}
