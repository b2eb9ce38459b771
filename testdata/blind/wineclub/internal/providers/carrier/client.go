// Package carrier is the ShipRight REST client used for labels, return
// labels and pickups.
//
// ShipRight honours an Idempotency-Key header on POST /labels, /returns and
// /pickups: a repeated key within 72 hours returns the original object and
// does not bill again. retryablehttp replays the same request (headers
// included) on transport errors and 5xx.
package carrier

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/google/wire"
	"github.com/hashicorp/go-retryablehttp"

	"github.com/vinoteca/wineclub/internal/config"
)

// ProviderSet is the carrier provider set.
var ProviderSet = wire.NewSet(New)

// Client talks to ShipRight.
type Client struct {
	http    *retryablehttp.Client
	base    string
	apiKey  string
	account string
	origin  Address
}

// New builds the client with retries on transport errors and 5xx.
func New(cfg config.Config) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 4
	rc.RetryWaitMin = 300 * time.Millisecond
	rc.RetryWaitMax = 5 * time.Second
	rc.HTTPClient.Timeout = 20 * time.Second
	rc.Logger = slog.Default()
	return &Client{
		http:    rc,
		base:    cfg.CarrierBaseURL,
		apiKey:  cfg.CarrierAPIKey,
		account: cfg.CarrierAccount,
		origin: Address{
			Name:       cfg.Warehouse.Name,
			Line1:      cfg.Warehouse.Line1,
			City:       cfg.Warehouse.City,
			State:      cfg.Warehouse.State,
			PostalCode: cfg.Warehouse.PostalCode,
			Phone:      cfg.Warehouse.Phone,
		},
	}
}

// Origin returns the warehouse address.
func (c *Client) Origin() Address { return c.origin }

// RequestOption adjusts an outgoing request.
type RequestOption func(*retryablehttp.Request)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) RequestOption {
	return func(r *retryablehttp.Request) { r.Header.Set("Idempotency-Key", key) }
}

// WithReference sets the merchant reference header shown on invoices.
func WithReference(ref string) RequestOption {
	return func(r *retryablehttp.Request) { r.Header.Set("X-Merchant-Reference", ref) }
}

// APIError is a non-2xx response.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Msg    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("shipright: %d %s: %s", e.Status, e.Code, e.Msg)
}

func (c *Client) do(ctx context.Context, method, path string, in, out any, opts ...RequestOption) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("ShipRight-Account", c.account)
	for _, o := range opts {
		o(req)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("shipright %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

// VerifySignature checks the X-ShipRight-Signature header (hex HMAC-SHA256 of
// the raw body).
func VerifySignature(secret string, body []byte, sig string) bool {
	if secret == "" {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(sig))
}
