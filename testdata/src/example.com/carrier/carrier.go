// Package carrier is a small carrier SDK, as a team might have.
package carrier

import "context"

type Client struct{}

type BookingRequest struct {
	OrderID   string
	Reference string
}

type Booking struct{ TrackingNumber string }

func (c *Client) Book(ctx context.Context, req *BookingRequest) (*Booking, error) { return &Booking{}, nil }

func (c *Client) Cancel(ctx context.Context, id string) error { return nil }
