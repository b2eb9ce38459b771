// Package fulfilment is a client for Parcelway, the warehouse and shipping
// partner that picks, packs and ships shop orders and member packs.
//
// Parcelway deduplicates order creation on client_reference: a second
// POST /orders with a client_reference already used on the account returns
// 409 with the original order in the body. Card print jobs have no such
// key; every accepted POST /card-prints is printed and posted.
package fulfilment

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/northgate-museums/visitor-platform/internal/platform/config"
	"github.com/northgate-museums/visitor-platform/internal/platform/metrics"
	"github.com/northgate-museums/visitor-platform/internal/providers/rest"
)

type Address struct {
	Name     string `json:"name"`
	Line1    string `json:"line1"`
	Line2    string `json:"line2,omitempty"`
	City     string `json:"city"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
	Email    string `json:"email,omitempty"`
}

type Item struct {
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity"`
	Title    string `json:"title,omitempty"`
}

type OrderRequest struct {
	ClientReference string   `json:"client_reference,omitempty"`
	Recipient       Address  `json:"recipient"`
	Items           []Item   `json:"items"`
	ServiceLevel    string   `json:"service_level"`
	PackingNote     string   `json:"packing_note,omitempty"`
	Tags            []string `json:"tags,omitempty"`
}

type Order struct {
	ID              string `json:"id"`
	ClientReference string `json:"client_reference"`
	Status          string `json:"status"`
}

type CardPrintRequest struct {
	Template     string  `json:"template"`
	MemberName   string  `json:"member_name"`
	MemberNumber string  `json:"member_number"`
	Tier         string  `json:"tier"`
	ValidUntil   string  `json:"valid_until"`
	Recipient    Address `json:"recipient"`
}

type PrintJob struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

type Client struct {
	rest *rest.Client
}

func NewClient(cfg *config.Config, m *metrics.Registry) *Client {
	key, account := cfg.Fulfilment.APIKey, cfg.Fulfilment.AccountID
	return &Client{rest: rest.New("parcelway", cfg.Fulfilment.BaseURL, cfg.Fulfilment.Timeout, m, func(r *http.Request) {
		r.Header.Set("Authorization", "Bearer "+key)
		r.Header.Set("X-Account", account)
	})}
}

// CreateOrder submits an order for picking and shipping. When the partner
// reports the client_reference as already used, the existing order is
// returned.
func (c *Client) CreateOrder(ctx context.Context, req OrderRequest) (*Order, error) {
	var out Order
	_, err := c.rest.Call(ctx, "create_order", http.MethodPost, "/orders", nil, req, &out)
	var se *rest.StatusError
	if errors.As(err, &se) && se.Status == http.StatusConflict && req.ClientReference != "" {
		var existing struct {
			Order Order `json:"existing_order"`
		}
		if jerr := json.Unmarshal(se.Body, &existing); jerr == nil && existing.Order.ID != "" {
			return &existing.Order, nil
		}
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// PrintCard queues a membership card for printing and posting.
func (c *Client) PrintCard(ctx context.Context, req CardPrintRequest) (*PrintJob, error) {
	var out PrintJob
	if _, err := c.rest.Call(ctx, "print_card", http.MethodPost, "/card-prints", nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

var ErrBadSignature = errors.New("parcelway: webhook signature mismatch")

// VerifySignature checks the X-Parcelway-Signature header (hex HMAC-SHA256
// of the raw body).
func VerifySignature(secret string, body []byte, header string) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(header)) {
		return ErrBadSignature
	}
	return nil
}
