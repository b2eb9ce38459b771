// Package reservation is a client for the airline reservation system's award
// inventory API.
//
// POST requests accept an X-Request-Reference header. The reservation system
// keeps references for 72 hours and answers a repeated reference with the
// result of the first request instead of booking again.
package reservation

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/provider/httpx"
)

// ErrNoAvailability is returned when the award space is gone.
var ErrNoAvailability = errors.New("reservation: no award availability")

// Client calls the reservation system.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
	channel string
}

// New returns a Client.
func New(baseURL, apiKey string, hc *http.Client) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, http: hc, channel: "LOYALTY"}
}

// Option adjusts a single call.
type Option func(*callOptions)

type callOptions struct {
	reference string
	agentSine string
}

// WithReference sets the X-Request-Reference of the call.
func WithReference(ref string) Option {
	return func(o *callOptions) { o.reference = ref }
}

// WithAgentSine attributes the call to a contact-centre agent.
func WithAgentSine(sine string) Option {
	return func(o *callOptions) { o.agentSine = sine }
}

func (c *Client) headers(opts []Option) http.Header {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	h.Set("X-Channel", c.channel)
	if o.reference != "" {
		h.Set("X-Request-Reference", o.reference)
	}
	if o.agentSine != "" {
		h.Set("X-Agent-Sine", o.agentSine)
	}
	return h
}

// AwardBookingRequest books an award ticket.
type AwardBookingRequest struct {
	MemberNumber string             `json:"memberNumber"`
	OfferCode    string             `json:"offerCode"`
	Origin       string             `json:"origin"`
	Destination  string             `json:"destination"`
	FlightDate   string             `json:"flightDate"`
	Cabin        string             `json:"cabin"`
	Passengers   []domain.Passenger `json:"passengers"`
	MilesAmount  int64              `json:"milesAmount"`
}

// Booking is the reservation system's answer to a booking.
type Booking struct {
	PNR           string   `json:"pnr"`
	TicketNumbers []string `json:"ticketNumbers"`
	Status        string   `json:"status"`
	Reference     string   `json:"requestReference"`
}

// BookAward books and tickets an award.
func (c *Client) BookAward(ctx context.Context, req AwardBookingRequest, opts ...Option) (Booking, error) {
	var out Booking
	err := httpx.Do(ctx, c.http, httpx.Call{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/v2/award-bookings",
		Headers: c.headers(opts),
		In:      req,
		Out:     &out,
	})
	return out, mapErr(err)
}

// UpgradeRequest asks for a cabin upgrade on a booked segment.
type UpgradeRequest struct {
	MemberNumber string `json:"memberNumber"`
	SegmentRef   string `json:"segmentRef"`
	TargetCabin  string `json:"targetCabin"`
	MilesAmount  int64  `json:"milesAmount"`
}

// UpgradeResult is the outcome of an upgrade.
type UpgradeResult struct {
	PNR        string `json:"pnr"`
	SegmentRef string `json:"segmentRef"`
	Cabin      string `json:"cabin"`
	Status     string `json:"status"`
	Reference  string `json:"requestReference"`
}

// RequestUpgrade confirms an upgrade on a booking and reissues the coupon.
func (c *Client) RequestUpgrade(ctx context.Context, pnr string, req UpgradeRequest, opts ...Option) (UpgradeResult, error) {
	var out UpgradeResult
	err := httpx.Do(ctx, c.http, httpx.Call{
		Method:  http.MethodPost,
		URL:     fmt.Sprintf("%s/v2/bookings/%s/upgrades", c.baseURL, url.PathEscape(pnr)),
		Headers: c.headers(opts),
		In:      req,
		Out:     &out,
	})
	return out, mapErr(err)
}

// CancelBooking cancels an award booking and voids its tickets. Cancelling a
// booking that is already cancelled succeeds.
func (c *Client) CancelBooking(ctx context.Context, pnr string, opts ...Option) error {
	err := httpx.Do(ctx, c.http, httpx.Call{
		Method:  http.MethodDelete,
		URL:     fmt.Sprintf("%s/v2/award-bookings/%s", c.baseURL, url.PathEscape(pnr)),
		Headers: c.headers(opts),
	})
	var se *httpx.StatusError
	if errors.As(err, &se) && (se.Status == http.StatusGone || se.Status == http.StatusNotFound) {
		return nil
	}
	return err
}

func mapErr(err error) error {
	var se *httpx.StatusError
	if errors.As(err, &se) && se.Status == http.StatusConflict {
		return fmt.Errorf("%w: %s", ErrNoAvailability, se.Body)
	}
	return err
}
