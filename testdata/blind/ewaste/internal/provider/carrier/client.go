// Package carrier is the client for ParcelRoute, the shipping carrier that
// sells prepaid labels for inbound trade-ins, returns and resale orders.
//
// ParcelRoute de-duplicates POST /labels on the Idempotency-Key header for 24
// hours: a repeated key returns the label bought the first time and does not
// charge postage again.
package carrier

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/rs/xid"

	"github.com/circuitback/buyback/internal/provider/httpx"
)

const Name = "parcelroute"

type Address struct {
	Name    string `json:"name"`
	Line1   string `json:"line1"`
	Line2   string `json:"line2,omitempty"`
	City    string `json:"city"`
	Region  string `json:"region"`
	Postal  string `json:"postal_code"`
	Country string `json:"country"`
}

type Parcel struct {
	WeightGrams int    `json:"weight_grams"`
	Packaging   string `json:"packaging"` // "padded_envelope", "small_box"
}

type LabelRequest struct {
	Account       string   `json:"account"`
	Service       string   `json:"service"`
	From          *Address `json:"from,omitempty"`
	FromAddressID string   `json:"from_address_id,omitempty"`
	To            *Address `json:"to,omitempty"`
	ToAddressID   string   `json:"to_address_id,omitempty"`
	Parcel        Parcel   `json:"parcel"`
	Reference     string   `json:"reference"`
	Insurance     int64    `json:"insured_value_cents,omitempty"`
}

type Label struct {
	ID             string    `json:"id"`
	TrackingNumber string    `json:"tracking_number"`
	LabelURL       string    `json:"label_url"`
	PostageCents   int64     `json:"postage_cents"`
	CreatedAt      time.Time `json:"created_at"`
}

// Client talks to the ParcelRoute REST API.
type Client struct {
	http    *httpx.Client
	account string
}

func New(baseURL, apiKey, account string) *Client {
	hc := httpx.New(Name, strings.TrimRight(baseURL, "/"), func(r *http.Request) {
		r.Header.Set("Authorization", "Bearer "+apiKey)
	})
	// ParcelRoute support asks for a distinct correlation id per HTTP try.
	hc.PerAttempt = func(r *http.Request) {
		r.Header.Set("X-Correlation-Id", xid.New().String())
	}
	return &Client{http: hc, account: account}
}

// CreateLabel buys a prepaid label. idempotencyKey is sent as the
// Idempotency-Key header.
func (c *Client) CreateLabel(ctx context.Context, req LabelRequest, idempotencyKey string) (*Label, error) {
	if req.Account == "" {
		req.Account = c.account
	}
	if req.Service == "" {
		req.Service = "ground_advantage"
	}
	var out Label
	err := c.http.Do(ctx, http.MethodPost, "/labels", req, &out, httpx.Header("Idempotency-Key", idempotencyKey))
	if err != nil {
		return nil, fmt.Errorf("create label %s: %w", req.Reference, err)
	}
	return &out, nil
}

// VoidLabel refunds an unused label. Voiding an already-void label is a no-op
// on ParcelRoute's side.
func (c *Client) VoidLabel(ctx context.Context, labelID string) error {
	return c.http.Do(ctx, http.MethodPost, "/labels/"+labelID+"/void", nil, nil, nil)
}

// TrackingEvent is the payload of ParcelRoute's tracking webhook.
type TrackingEvent struct {
	EventID        string    `json:"event_id"`
	Type           string    `json:"type"` // tracking.updated
	LabelID        string    `json:"label_id"`
	TrackingNumber string    `json:"tracking_number"`
	Status         string    `json:"status"` // pre_transit, in_transit, out_for_delivery, delivered, exception
	OccurredAt     time.Time `json:"occurred_at"`
	Location       string    `json:"location"`
}

// VerifySignature checks the X-ParcelRoute-Signature header.
func VerifySignature(secret string, body []byte, signature string) bool {
	return httpx.VerifyHMAC(secret, body, signature)
}
