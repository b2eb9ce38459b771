// Package hotelpartner is the client for the Meridian Hotels group
// reservations API, which manages the room blocks Meridian holds for our
// conferences.
//
// The API has no idempotency support of any kind: every POST creates a new
// reservation or adjusts the block, and there is no lookup by our own
// reference. Requests are therefore never retried at the transport level.
package hotelpartner

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/halcyonevents/confreg/internal/providers/httpx"
)

// Config configures the client.
type Config struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

// Client calls the Meridian group API.
type Client struct {
	http *httpx.Client
}

// New returns a Client.
func New(cfg Config) *Client {
	return &Client{http: &httpx.Client{
		BaseURL: cfg.BaseURL,
		HTTP:    &http.Client{Timeout: cfg.Timeout},
		Auth: func(r *http.Request) {
			r.Header.Set("X-Api-Key", cfg.APIKey)
		},
		MaxAttempts: 1,
	}}
}

// ReserveRequest books one room out of a block.
type ReserveRequest struct {
	BlockCode  string `json:"block_code"`
	GuestName  string `json:"guest_name"`
	GuestEmail string `json:"guest_email"`
	CheckIn    string `json:"check_in"`  // YYYY-MM-DD
	CheckOut   string `json:"check_out"` // YYYY-MM-DD
	Guests     int    `json:"guests"`
}

// Reservation is a booked room.
type Reservation struct {
	ConfirmationNumber string `json:"confirmation_number"`
	BlockCode          string `json:"block_code"`
	Status             string `json:"status"`
}

// Block is the partner's view of a block.
type Block struct {
	Code           string `json:"code"`
	RoomsHeld      int    `json:"rooms_held"`
	RoomsBooked    int    `json:"rooms_booked"`
	RoomsAvailable int    `json:"rooms_available"`
}

// Reserve books a room from a block.
func (c *Client) Reserve(ctx context.Context, req ReserveRequest) (*Reservation, error) {
	var out Reservation
	err := c.http.Do(ctx, httpx.Request{
		Method: http.MethodPost,
		Path:   "/groups/v1/blocks/" + url.PathEscape(req.BlockCode) + "/reservations",
		Body:   req,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// ReleaseRooms hands rooms back from the block to the hotel's general
// inventory, reducing the block by that many rooms.
func (c *Client) ReleaseRooms(ctx context.Context, blockCode string, rooms int) (*Block, error) {
	var out Block
	err := c.http.Do(ctx, httpx.Request{
		Method: http.MethodPost,
		Path:   "/groups/v1/blocks/" + url.PathEscape(blockCode) + "/release",
		Body:   map[string]int{"rooms": rooms},
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}
