// Package deicevendor talks to the de-icing fluid vendor: reserving
// glycol and a truck slot, and reporting the litres actually sprayed so
// the vendor can invoice us.
package deicevendor

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/apronworks/groundops/internal/platform/partner"
)

type Client struct {
	base   string
	token  string
	hc     *http.Client
	caller *partner.Caller
}

func New(baseURL, token string, timeout time.Duration, caller *partner.Caller) *Client {
	return &Client{base: baseURL, token: token, hc: &http.Client{Timeout: timeout}, caller: caller}
}

type ReserveRequest struct {
	Station      string    `json:"station"`
	Stand        string    `json:"stand"`
	FluidType    string    `json:"fluid_type"`
	Litres       int       `json:"litres"`
	AircraftType string    `json:"aircraft_type"`
	Registration string    `json:"registration"`
	SlotAt       time.Time `json:"slot_at"`
}

type Reservation struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Truck  string `json:"truck"`
}

type UsageReport struct {
	Litres    int       `json:"litres"`
	TreatedAt time.Time `json:"treated_at"`
}

func (c *Client) auth() map[string]string {
	return map[string]string{"Authorization": "Bearer " + c.token}
}

// ReserveFluid books fluid and a truck slot. The vendor's reservation
// endpoint takes no client reference: every accepted call is a new
// reservation.
func (c *Client) ReserveFluid(ctx context.Context, req ReserveRequest) (*Reservation, error) {
	return partner.Call(ctx, c.caller, "reserve", req.Registration, func(ctx context.Context) (*Reservation, error) {
		var out Reservation
		err := partner.DoJSON(ctx, c.hc, partner.Request{
			Method:  http.MethodPost,
			URL:     c.base + "/v1/reservations",
			Headers: c.auth(),
			Body:    req,
		}, &out)
		return &out, err
	})
}

// ReportUsage tells the vendor how much fluid was used against a
// reservation. The vendor honours Idempotency-Key on this endpoint.
func (c *Client) ReportUsage(ctx context.Context, reservationID string, report UsageReport, idempotencyKey string) error {
	headers := c.auth()
	if idempotencyKey != "" {
		headers["Idempotency-Key"] = idempotencyKey
	}
	return c.caller.Call(ctx, "report_usage", reservationID, func(ctx context.Context) error {
		return partner.DoJSON(ctx, c.hc, partner.Request{
			Method:  http.MethodPost,
			URL:     c.base + "/v1/reservations/" + url.PathEscape(reservationID) + "/usage",
			Headers: headers,
			Body:    report,
		}, nil)
	})
}
