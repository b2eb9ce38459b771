// Package examcentre is a client for the partner exam centre's booking API.
//
// The centre treats POSTs that carry the same Idempotency-Key within 72 hours
// as the same request and returns the original response. The key is taken
// from the request context (see reqctx.WithIdempotencyKey).
package examcentre

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/lingua/academy/internal/platform/reqctx"
)

// Client calls the exam centre REST API.
type Client struct {
	baseURL    string
	apiKey     string
	centreCode string
	http       *http.Client
}

// Option configures the client.
type Option func(*Client)

// WithHTTPClient replaces the default http.Client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// New builds a client.
func New(baseURL, apiKey, centreCode string, opts ...Option) *Client {
	c := &Client{
		baseURL:    baseURL,
		apiKey:     apiKey,
		centreCode: centreCode,
		http:       &http.Client{Timeout: 20 * time.Second},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Candidate identifies the test taker.
type Candidate struct {
	ExternalID  string `json:"external_id"`
	FullName    string `json:"full_name"`
	Email       string `json:"email"`
	Nationality string `json:"nationality,omitempty"`
	DocumentNo  string `json:"document_number,omitempty"`
}

// SeatRequest books a seat in a session.
type SeatRequest struct {
	SessionID string    `json:"session_id"`
	Candidate Candidate `json:"candidate"`
	Notes     string    `json:"notes,omitempty"`
}

// Seat is the centre's booking.
type Seat struct {
	Reference string    `json:"reference"`
	SessionID string    `json:"session_id"`
	Status    string    `json:"status"`
	StartsAt  time.Time `json:"starts_at"`
	Room      string    `json:"room"`
}

// APIError is a non-2xx answer from the centre.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("examcentre: %d %s: %s", e.Status, e.Code, e.Detail)
}

// ErrSessionFull is returned when the session has no free seats.
var ErrSessionFull = errors.New("examcentre: session full")

// BookSeat reserves a seat for the candidate.
func (c *Client) BookSeat(ctx context.Context, req SeatRequest) (Seat, error) {
	var seat Seat
	err := c.do(ctx, http.MethodPost, "/v2/centres/"+c.centreCode+"/bookings", req, &seat)
	var apiErr *APIError
	if errors.As(err, &apiErr) && apiErr.Code == "session_full" {
		return seat, ErrSessionFull
	}
	return seat, err
}

// CancelSeat releases a booking. Cancelling an already cancelled booking
// returns the booking unchanged.
func (c *Client) CancelSeat(ctx context.Context, reference, reason string) (Seat, error) {
	var seat Seat
	body := map[string]string{"reason": reason}
	err := c.do(ctx, http.MethodPost, "/v2/centres/"+c.centreCode+"/bookings/"+reference+"/cancel", body, &seat)
	return seat, err
}

// MoveSeat moves a booking to another session and returns the new booking.
func (c *Client) MoveSeat(ctx context.Context, reference, newSessionID string) (Seat, error) {
	var seat Seat
	body := map[string]string{"target_session_id": newSessionID}
	err := c.do(ctx, http.MethodPost, "/v2/centres/"+c.centreCode+"/bookings/"+reference+"/move", body, &seat)
	return seat, err
}

// GetSeat fetches a booking.
func (c *Client) GetSeat(ctx context.Context, reference string) (Seat, error) {
	var seat Seat
	err := c.do(ctx, http.MethodGet, "/v2/centres/"+c.centreCode+"/bookings/"+reference, nil, &seat)
	return seat, err
}

func (c *Client) do(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if key, ok := reqctx.IdempotencyKey(ctx); ok && method == http.MethodPost {
		req.Header.Set("Idempotency-Key", key)
	}
	if rid := reqctx.RequestID(ctx); rid != "" {
		req.Header.Set("X-Request-Id", rid)
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("examcentre %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out != nil && len(raw) > 0 {
		return json.Unmarshal(raw, out)
	}
	return nil
}
