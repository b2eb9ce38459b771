// Package hearingcal is the client for the administrative hearings office
// calendar. Hearings are booked onto dockets (a session in a hearing room
// with a fixed capacity).
package hearingcal

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/harborcity/citeproc/internal/platform/retryx"
	"github.com/harborcity/citeproc/internal/provider/apiclient"
)

type Config struct {
	BaseURL string
	APIKey  string
}

type Client struct {
	api *apiclient.Client
}

func New(cfg Config) *Client {
	return &Client{api: apiclient.New("hearingcal", cfg.BaseURL, 15*time.Second, apiclient.Bearer(cfg.APIKey))}
}

type Docket struct {
	ID        string    `json:"docket_id"`
	StartsAt  time.Time `json:"starts_at"`
	Room      string    `json:"room"`
	Capacity  int       `json:"capacity"`
	Booked    int       `json:"booked"`
	HearingBy string    `json:"hearing_officer"`
}

// OpenDockets lists dockets with free capacity in [from, to).
func (c *Client) OpenDockets(ctx context.Context, from, to time.Time) ([]Docket, error) {
	q := url.Values{}
	q.Set("from", from.Format(time.RFC3339))
	q.Set("to", to.Format(time.RFC3339))
	q.Set("has_capacity", "true")
	return retryx.Do(ctx, retryx.Default, func(ctx context.Context) ([]Docket, error) {
		var out struct {
			Dockets []Docket `json:"dockets"`
		}
		if err := c.api.Do(ctx, http.MethodGet, "/api/dockets?"+q.Encode(), nil, nil, &out); err != nil {
			return nil, err
		}
		return out.Dockets, nil
	})
}

type BookingRequest struct {
	DocketID    string `json:"docket_id"`
	CaseRef     string `json:"case_ref"`
	PartyName   string `json:"party_name"`
	Interpreter string `json:"interpreter_language,omitempty"`
	Remote      bool   `json:"remote"`
}

type Booking struct {
	ID          string    `json:"booking_id"`
	DocketID    string    `json:"docket_id"`
	ScheduledAt time.Time `json:"scheduled_at"`
	Room        string    `json:"room"`
}

// Book reserves a place on a docket.
func (c *Client) Book(ctx context.Context, req BookingRequest) (*Booking, error) {
	var out Booking
	if err := c.api.Do(ctx, http.MethodPost, "/api/bookings", nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Cancel releases a booking.
func (c *Client) Cancel(ctx context.Context, bookingID string) error {
	return c.api.Do(ctx, http.MethodDelete, "/api/bookings/"+url.PathEscape(bookingID), nil, nil, nil)
}
