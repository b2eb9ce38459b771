// Package fuelsupplier is the client for the into-plane fuel supplier's
// ordering API (v2). Orders are placed per turnaround; the supplier calls
// us back on /webhooks/fuel when the bowser has delivered.
package fuelsupplier

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"time"

	"github.com/apronworks/groundops/internal/platform/partner"
)

type Options struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
	Caller  *partner.Caller
}

type Client struct {
	base   string
	apiKey string
	hc     *http.Client
	caller *partner.Caller
}

func New(opts Options) *Client {
	return &Client{
		base:   opts.BaseURL,
		apiKey: opts.APIKey,
		hc:     &http.Client{Timeout: opts.Timeout},
		caller: opts.Caller,
	}
}

// OrderRequest is the body of POST /orders.
type OrderRequest struct {
	// ClientReference is our own reference for the order. The supplier
	// returns the existing order instead of creating a new one when it
	// sees a reference again within 24 hours.
	ClientReference string    `json:"client_reference,omitempty"`
	Station         string    `json:"station"`
	Stand           string    `json:"stand"`
	Registration    string    `json:"registration"`
	FlightNumber    string    `json:"flight_number"`
	QuantityKg      int       `json:"quantity_kg"`
	RequiredBy      time.Time `json:"required_by"`
}

type Order struct {
	OrderRef    string     `json:"order_ref"`
	Status      string     `json:"status"`
	QuantityKg  int        `json:"quantity_kg"`
	DeliveredKg int        `json:"delivered_kg"`
	DeliveredAt *time.Time `json:"delivered_at"`
}

func (c *Client) headers() map[string]string {
	return map[string]string{"X-Api-Key": c.apiKey}
}

// PlaceOrder asks the supplier to dispatch a bowser.
func (c *Client) PlaceOrder(ctx context.Context, req OrderRequest) (*Order, error) {
	return partner.Call(ctx, c.caller, "place_order", req.ClientReference, func(ctx context.Context) (*Order, error) {
		var out Order
		err := partner.DoJSON(ctx, c.hc, partner.Request{
			Method:  http.MethodPost,
			URL:     c.base + "/orders",
			Headers: c.headers(),
			Body:    req,
		}, &out)
		return &out, err
	})
}

// GetOrder reads the supplier's view of an order.
func (c *Client) GetOrder(ctx context.Context, orderRef string) (*Order, error) {
	return partner.Call(ctx, c.caller, "get_order", orderRef, func(ctx context.Context) (*Order, error) {
		var out Order
		err := partner.DoJSON(ctx, c.hc, partner.Request{
			Method:  http.MethodGet,
			URL:     c.base + "/orders/" + url.PathEscape(orderRef),
			Headers: c.headers(),
		}, &out)
		return &out, err
	})
}

// VerifySignature checks the X-Fuel-Signature header on callbacks: hex
// HMAC-SHA256 of the raw body with the shared secret.
func VerifySignature(secret string, body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}
