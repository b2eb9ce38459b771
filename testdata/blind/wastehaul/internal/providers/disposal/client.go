// Package disposal is a client for the Ridgeline Landfill partner API:
// tipping-fee remittances, tip-slot bookings and pre-arrival load manifests.
//
// Dedup behaviour documented by Ridgeline:
//   - POST /remittances: remittance_ref is unique per hauler; a repeat returns
//     409 with the original remittance in the body.
//   - POST /slot-bookings: honours an Idempotency-Token header for 48 hours.
//     external_ref is echoed back on the booking for reconciliation only.
//   - POST /manifests: no dedup; every call files a new manifest and each
//     manifest carries an admin fee.
package disposal

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/haulcore/wastehaul/internal/providers/rest"
)

const providerName = "ridgeline"

// Client talks to the Ridgeline partner API.
type Client struct {
	baseURL  string
	apiKey   string
	haulerID string
	hc       *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithBaseURL overrides the API root.
func WithBaseURL(u string) Option { return func(c *Client) { c.baseURL = u } }

// WithHTTPClient sets the transport.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.hc = hc } }

// WithHaulerID sets our hauler account at Ridgeline.
func WithHaulerID(id string) Option { return func(c *Client) { c.haulerID = id } }

// New returns a partner API client.
func New(apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL: "https://partners.ridgeline-landfill.example/api",
		apiKey:  apiKey,
		hc:      &http.Client{Timeout: 30 * time.Second},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// HaulerID is the account the client acts for.
func (c *Client) HaulerID() string { return c.haulerID }

func (c *Client) header() http.Header {
	h := http.Header{}
	h.Set("X-Api-Key", c.apiKey)
	h.Set("X-Hauler-Id", c.haulerID)
	return h
}

// RemittanceLine is one ticket in a remittance.
type RemittanceLine struct {
	TicketNo    string `json:"ticket_no"`
	Material    string `json:"material"`
	NetKg       int64  `json:"net_kg"`
	AmountCents int64  `json:"amount_cents"`
}

// RemittanceRequest pays tipping fees for a period.
type RemittanceRequest struct {
	RemittanceRef string           `json:"remittance_ref"`
	SiteCode      string           `json:"site_code"`
	Period        string           `json:"period"`
	AmountCents   int64            `json:"amount_cents"`
	Lines         []RemittanceLine `json:"lines"`
}

// Remittance is the partner's record of a payment.
type Remittance struct {
	ID            string `json:"id"`
	RemittanceRef string `json:"remittance_ref"`
	Status        string `json:"status"`
	AmountCents   int64  `json:"amount_cents"`
}

// ErrDuplicateRemittance is returned (with the original) for a repeated ref.
var ErrDuplicateRemittance = errors.New("ridgeline: remittance_ref already used")

// PayRemittance submits a tipping-fee remittance. On a repeated
// remittance_ref the original remittance is returned with
// ErrDuplicateRemittance.
func (c *Client) PayRemittance(ctx context.Context, req RemittanceRequest) (*Remittance, error) {
	var out Remittance
	err := rest.Do(ctx, c.hc, providerName, rest.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/remittances",
		Header: c.header(),
		Body:   req,
	}, &out)
	if err != nil {
		var ae *rest.APIError
		if errors.As(err, &ae) && ae.StatusCode == http.StatusConflict {
			var orig struct {
				Remittance Remittance `json:"remittance"`
			}
			if json.Unmarshal([]byte(ae.Body), &orig) == nil && orig.Remittance.ID != "" {
				return &orig.Remittance, ErrDuplicateRemittance
			}
		}
		return nil, err
	}
	return &out, nil
}

// CallOption adjusts one request.
type CallOption func(http.Header)

// WithIdempotencyToken sets the Idempotency-Token header.
func WithIdempotencyToken(tok string) CallOption {
	return func(h http.Header) { h.Set("Idempotency-Token", tok) }
}

// SlotRequest asks for a tip-floor slot for a truck.
type SlotRequest struct {
	SiteCode    string    `json:"site_code"`
	TruckID     string    `json:"truck_id"`
	Material    string    `json:"material"`
	EstTons     float64   `json:"est_tons"`
	EarliestAt  time.Time `json:"earliest_at"`
	LatestAt    time.Time `json:"latest_at"`
	ExternalRef string    `json:"external_ref,omitempty"`
}

// SlotBooking is a confirmed slot.
type SlotBooking struct {
	ID       string    `json:"id"`
	StartsAt time.Time `json:"starts_at"`
	Lane     string    `json:"lane"`
}

// BookSlot reserves a tip slot.
func (c *Client) BookSlot(ctx context.Context, req SlotRequest, opts ...CallOption) (*SlotBooking, error) {
	h := c.header()
	for _, o := range opts {
		o(h)
	}
	var out SlotBooking
	err := rest.Do(ctx, c.hc, providerName, rest.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/slot-bookings",
		Header: h,
		Body:   req,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// ManifestRequest is a pre-arrival manifest for one load.
type ManifestRequest struct {
	SiteCode  string    `json:"site_code"`
	TruckID   string    `json:"truck_id"`
	Material  string    `json:"material"`
	EstTons   float64   `json:"est_tons"`
	Generator string    `json:"generator"`
	DepartsAt time.Time `json:"departs_at"`
}

// ManifestReceipt confirms a filed manifest.
type ManifestReceipt struct {
	ManifestNo string `json:"manifest_no"`
	FeeCents   int64  `json:"fee_cents"`
}

// SubmitManifest files a manifest.
func (c *Client) SubmitManifest(ctx context.Context, req ManifestRequest) (*ManifestReceipt, error) {
	var out ManifestReceipt
	err := rest.Do(ctx, c.hc, providerName, rest.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/manifests",
		Header: c.header(),
		Body:   req,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}
