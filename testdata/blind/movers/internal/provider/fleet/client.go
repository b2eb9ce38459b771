// Package fleet is a client for the TruckPool partner fleet API.
//
// Reservations accept a reservation_ref chosen by the caller; TruckPool
// returns the existing reservation when a ref is reused. Extensions and
// cancellations carry no reference.
package fleet

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

type Client interface {
	Reserve(ctx context.Context, req ReserveRequest, opts ...ReserveOption) (*Reservation, error)
	Extend(ctx context.Context, reservationID string, extraDays int) (*Extension, error)
	Cancel(ctx context.Context, reservationID string) error
}

type Option func(*client)

func WithBaseURL(u string) Option          { return func(c *client) { c.baseURL = u } }
func WithAPIKey(k string) Option           { return func(c *client) { c.apiKey = k } }
func WithAccountID(id string) Option       { return func(c *client) { c.accountID = id } }
func WithHTTPClient(h *http.Client) Option { return func(c *client) { c.http = h } }

type ReserveOption func(*reserveBody)

// WithReservationRef sets the caller's reference for the reservation.
func WithReservationRef(ref string) ReserveOption {
	return func(b *reserveBody) { b.Ref = ref }
}

// WithNotes attaches free text for the depot.
func WithNotes(n string) ReserveOption { return func(b *reserveBody) { b.Notes = n } }

type reserveBody struct {
	ReserveRequest
	Account string `json:"account_id"`
	Ref     string `json:"reservation_ref,omitempty"`
	Notes   string `json:"notes,omitempty"`
}

type client struct {
	baseURL   string
	apiKey    string
	accountID string
	http      *http.Client
}

func New(opts ...Option) Client {
	c := &client{baseURL: "https://partners.truckpool.example/api/v3"}
	for _, o := range opts {
		o(c)
	}
	if c.http == nil {
		c.http = &http.Client{Timeout: 20 * time.Second}
	}
	return c
}

func (c *client) Reserve(ctx context.Context, req ReserveRequest, opts ...ReserveOption) (*Reservation, error) {
	body := reserveBody{ReserveRequest: req, Account: c.accountID}
	for _, o := range opts {
		o(&body)
	}
	var out Reservation
	if err := c.do(ctx, http.MethodPost, "/reservations", body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *client) Extend(ctx context.Context, reservationID string, extraDays int) (*Extension, error) {
	var out Extension
	path := "/reservations/" + url.PathEscape(reservationID) + "/extensions"
	if err := c.do(ctx, http.MethodPost, path, map[string]int{"extra_days": extraDays}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *client) Cancel(ctx context.Context, reservationID string) error {
	return c.do(ctx, http.MethodDelete, "/reservations/"+url.PathEscape(reservationID), nil, nil)
}

func (c *client) do(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(c.baseURL, "/")+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("X-Partner-Key", c.apiKey)
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("fleet: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 256<<10))
	if resp.StatusCode == http.StatusNotFound && method == http.MethodDelete {
		return nil
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("fleet: %s %s: status %d: %s", method, path, resp.StatusCode, strings.TrimSpace(string(data)))
	}
	if out == nil || len(data) == 0 {
		return nil
	}
	return json.Unmarshal(data, out)
}
