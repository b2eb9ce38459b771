package ota

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"

	"github.com/hashicorp/go-retryablehttp"
)

// Channel is one OTA's connectivity endpoint.
type Channel struct {
	BaseURL string
	Token   string
}

// HTTPClient implements Client over JSON/HTTP.
type HTTPClient struct {
	channels  map[string]Channel
	hc        *retryablehttp.Client
	userAgent string
	decorate  func(*retryablehttp.Request)
}

// ClientOption configures an HTTPClient.
type ClientOption func(*HTTPClient)

// WithUserAgent overrides the User-Agent header.
func WithUserAgent(ua string) ClientOption { return func(c *HTTPClient) { c.userAgent = ua } }

// WithRequestHook lets callers add headers to every request.
func WithRequestHook(f func(*retryablehttp.Request)) ClientOption {
	return func(c *HTTPClient) { c.decorate = f }
}

// NewHTTPClient builds a client for the given channels.
func NewHTTPClient(channels map[string]Channel, hc *retryablehttp.Client, opts ...ClientOption) *HTTPClient {
	c := &HTTPClient{channels: channels, hc: hc, userAgent: "harbourline-channel-manager/1", decorate: func(*retryablehttp.Request) {}}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Channels lists configured channel codes.
func (c *HTTPClient) Channels() []string {
	out := make([]string, 0, len(c.channels))
	for k := range c.channels {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// APIError is a non-2xx answer from an OTA.
type APIError struct {
	Channel string
	Status  int
	Body    string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("ota %s: status %d: %s", e.Channel, e.Status, e.Body)
}

func (c *HTTPClient) do(ctx context.Context, channel, method, path string, in, out any) error {
	ch, ok := c.channels[channel]
	if !ok {
		return fmt.Errorf("ota: unknown channel %q", channel)
	}
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, ch.BaseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+ch.Token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if id := correlationID(ctx); id != "" {
		req.Header.Set("X-Correlation-Id", id)
	}
	c.decorate(req)

	resp, err := c.hc.Do(req)
	if err != nil {
		return fmt.Errorf("ota %s %s %s: %w", channel, method, path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		return &APIError{Channel: channel, Status: resp.StatusCode, Body: string(b)}
	}
	if out == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// PushAvailability replaces availability (absolute values) for the dates sent.
func (c *HTTPClient) PushAvailability(ctx context.Context, channel string, upd AvailabilityUpdate) error {
	return c.do(ctx, channel, http.MethodPut, "/v2/properties/"+url.PathEscape(upd.PropertyID)+"/availability", upd, nil)
}

// AckReservation tells the OTA which local ID a reservation was stored under.
func (c *HTTPClient) AckReservation(ctx context.Context, channel, channelRef, localID string) error {
	return c.do(ctx, channel, http.MethodPut, "/v2/reservations/"+url.PathEscape(channelRef)+"/acknowledgement",
		map[string]string{"pms_reservation_id": localID}, nil)
}

// CreatePartnerBooking books a room at a partner property.
func (c *HTTPClient) CreatePartnerBooking(ctx context.Context, channel string, req PartnerBookingRequest) (*PartnerBooking, error) {
	var out PartnerBooking
	if err := c.do(ctx, channel, http.MethodPost, "/v2/partner-bookings", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// PayCommission pays an invoice through the OTA's billing API.
func (c *HTTPClient) PayCommission(ctx context.Context, channel string, p CommissionPayment) (*CommissionReceipt, error) {
	var out CommissionReceipt
	path := "/v2/billing/invoices/" + url.PathEscape(p.InvoiceRef) + "/payments"
	if err := c.do(ctx, channel, http.MethodPost, path, p, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
