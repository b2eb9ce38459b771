// Package fxquotes is the client for the currency conversion provider.
//
// Quotes are indicative prices valid for a short window; requesting one has no
// side effect at the provider. Booking a conversion against a quote moves
// money. A quote can be booked more than once while it is valid, so bookings
// accept a client_reference: a repeated reference returns the original
// booking.
package fxquotes

import (
	"context"
	"net/http"
	"time"

	"github.com/shopspring/decimal"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/provider/httpjson"
)

// Client calls the FX API.
type Client struct {
	api *httpjson.Client
}

// Config configures the client.
type Config struct {
	BaseURL string
	APIKey  string
}

func New(cfg Config, rec *metrics.Recorder) *Client {
	return &Client{api: httpjson.New("fx", cfg.BaseURL, cfg.APIKey, rec)}
}

// QuoteRequest asks for a price to convert SourceMinor of SourceCurrency.
type QuoteRequest struct {
	SourceCurrency string `json:"source_currency"`
	TargetCurrency string `json:"target_currency"`
	SourceMinor    int64  `json:"source_amount"`
}

// Quote is an indicative price.
type Quote struct {
	ID          string          `json:"id"`
	Rate        decimal.Decimal `json:"rate"`
	SourceMinor int64           `json:"source_amount"`
	TargetMinor int64           `json:"target_amount"`
	ExpiresAt   time.Time       `json:"expires_at"`
}

// Quote fetches a price for a conversion.
func (c *Client) Quote(ctx context.Context, req QuoteRequest) (Quote, error) {
	var out Quote
	err := c.api.Do(ctx, httpjson.Call{Method: http.MethodPost, Path: "/v1/quotes", Endpoint: "quote", Body: req}, &out)
	return out, err
}

// BookRequest books a conversion at a quoted rate.
type BookRequest struct {
	QuoteID string `json:"quote_id"`
	// ClientReference deduplicates bookings: the provider returns the
	// existing booking for a reference it has already seen.
	ClientReference string `json:"client_reference,omitempty"`
	Purpose         string `json:"purpose,omitempty"`
}

// Booking is a booked conversion.
type Booking struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	TargetMinor int64  `json:"target_amount"`
}

// BookConversion books the conversion.
func (c *Client) BookConversion(ctx context.Context, req BookRequest) (Booking, error) {
	var out Booking
	err := c.api.Do(ctx, httpjson.Call{Method: http.MethodPost, Path: "/v1/conversions", Endpoint: "book", Body: req}, &out)
	return out, err
}
