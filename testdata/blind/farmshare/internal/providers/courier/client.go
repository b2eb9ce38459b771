// Package courier is a client for the last-mile courier partner that
// collects packed boxes from the depot and runs the pickup-point routes.
//
// The partner honours an X-Idempotency-Token header on POST requests: the
// same token within 7 days returns the handoff created by the first call.
package courier

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/harvestloop/farmshare/internal/platform/providerhttp"
)

// Stop is one drop on a route.
type Stop struct {
	Reference string `json:"reference"`
	Address   string `json:"address"`
	Parcels   int    `json:"parcels"`
	Notes     string `json:"notes,omitempty"`
}

// HandoffRequest hands a planned route to the courier.
type HandoffRequest struct {
	DepotID     string    `json:"depot_id"`
	RouteRef    string    `json:"route_reference"`
	CollectFrom time.Time `json:"collect_from"`
	CollectBy   time.Time `json:"collect_by"`
	Stops       []Stop    `json:"stops"`
}

// Handoff is the courier's acceptance of a route.
type Handoff struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	TrackingURL string `json:"tracking_url"`
}

// Option adjusts one request.
type Option func(*http.Header)

// WithRequestToken sets the X-Idempotency-Token header.
func WithRequestToken(token string) Option {
	return func(h *http.Header) { h.Set("X-Idempotency-Token", token) }
}

// WithPriority asks for priority collection.
func WithPriority() Option {
	return func(h *http.Header) { h.Set("X-Courier-Priority", "high") }
}

// Client talks to the courier partner.
type Client struct {
	api *providerhttp.Client
}

// New returns a client.
func New(baseURL, apiKey string) *Client {
	return &Client{api: providerhttp.New(baseURL, func(r *http.Request) {
		r.Header.Set("Authorization", "Token "+apiKey)
	})}
}

// CreateHandoff books collection and delivery of a route.
func (c *Client) CreateHandoff(ctx context.Context, req HandoffRequest, opts ...Option) (*Handoff, error) {
	h := http.Header{}
	for _, o := range opts {
		o(&h)
	}
	var out Handoff
	if err := c.api.Do(ctx, http.MethodPost, "/v2/handoffs", req, &out, h); err != nil {
		return nil, err
	}
	return &out, nil
}

// CancelHandoff cancels a handoff that has not been collected.
func (c *Client) CancelHandoff(ctx context.Context, id string) error {
	return c.api.Do(ctx, http.MethodDelete, "/v2/handoffs/"+url.PathEscape(id), nil, nil, nil)
}
