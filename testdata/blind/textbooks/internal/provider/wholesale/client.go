// Package wholesale is the client for the wholesaler partner API: buyback
// offers, sell lots, invoices and freight pickups.
//
// The partner honours an Idempotency-Key header on POST /v2/lots and
// POST /v2/invoices (24h window). Pickup requests are not deduplicated on
// their side.
package wholesale

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/quirecampus/bookloop/internal/platform/jsonclient"
	"github.com/quirecampus/bookloop/internal/platform/retrypolicy"
)

type Client struct {
	api *jsonclient.Client
}

func New(baseURL, apiKey string) *Client {
	return &Client{api: jsonclient.New(baseURL,
		jsonclient.WithHeader("Authorization", "Bearer "+apiKey),
		jsonclient.WithHeader("User-Agent", "bookloop/1 (+campus buyback)"),
		jsonclient.WithTimeout(20*time.Second),
	)}
}

// CallOption adjusts a single partner request.
type CallOption = jsonclient.RequestOption

// IdempotencyKey asks the partner to collapse repeats of the same request.
func IdempotencyKey(key string) CallOption {
	return jsonclient.Header("Idempotency-Key", key)
}

type Offer struct {
	WholesalerID string `json:"wholesaler_id"`
	ISBN         string `json:"isbn"`
	OfferCents   int64  `json:"offer_cents"`
}

// Offers returns each wholesaler's current buy price for the ISBNs.
func (c *Client) Offers(ctx context.Context, isbns []string) ([]Offer, error) {
	q := url.Values{"isbn": {strings.Join(isbns, ",")}}
	var resp struct {
		Offers []Offer `json:"offers"`
	}
	_, err := retrypolicy.Call(ctx, func() (struct{}, error) {
		return struct{}{}, c.api.Do(ctx, "GET", "/v2/buyback-offers?"+q.Encode(), nil, &resp)
	})
	return resp.Offers, err
}

type LotItem struct {
	ExternalRef string `json:"external_ref"`
	ISBN        string `json:"isbn"`
	Grade       string `json:"grade"`
	PriceCents  int64  `json:"price_cents"`
}

type LotRequest struct {
	WholesalerID string    `json:"wholesaler_id"`
	Reference    string    `json:"reference"`
	Items        []LotItem `json:"items"`
}

type Lot struct {
	ID         string `json:"id"`
	Status     string `json:"status"`
	TotalCents int64  `json:"total_cents"`
}

func (c *Client) CreateLot(ctx context.Context, req LotRequest, opts ...CallOption) (*Lot, error) {
	return retrypolicy.Call(ctx, func() (*Lot, error) {
		var lot Lot
		err := c.api.Do(ctx, "POST", "/v2/lots", req, &lot, opts...)
		return &lot, err
	})
}

type InvoiceRequest struct {
	LotID       string `json:"lot_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	Memo        string `json:"memo,omitempty"`
}

type Invoice struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// SubmitInvoice bills the wholesaler for a lot.
func (c *Client) SubmitInvoice(ctx context.Context, req InvoiceRequest, opts ...CallOption) (*Invoice, error) {
	return retrypolicy.Call(ctx, func() (*Invoice, error) {
		var inv Invoice
		err := c.api.Do(ctx, "POST", "/v2/invoices", req, &inv, opts...)
		return &inv, err
	})
}

type PickupRequest struct {
	Site        string    `json:"site"`
	Cartons     int       `json:"cartons"`
	ReadyAfter  time.Time `json:"ready_after"`
	ContactName string    `json:"contact_name"`
}

type Pickup struct {
	Reference string    `json:"reference"`
	Window    time.Time `json:"window_start"`
}

// RequestPickup books the wholesaler's freight carrier for a lot.
func (c *Client) RequestPickup(ctx context.Context, lotID string, req PickupRequest) (*Pickup, error) {
	var p Pickup
	err := c.api.Do(ctx, "POST", fmt.Sprintf("/v2/lots/%s/pickups", url.PathEscape(lotID)), req, &p)
	if err != nil {
		return nil, err
	}
	return &p, nil
}
