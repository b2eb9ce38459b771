// Package fieldservice is a client for the field-service partner that sends
// technicians to broken kiosks.
//
// Partner API notes:
//   - POST /v1/tickets honours an Idempotency-Key header for 24 hours; a
//     repeat returns the ticket created by the first request.
//   - PUT /v1/tickets/{id}/status replaces the status and may be repeated.
//   - POST /v1/tickets/{id}/visits books a technician slot. Each call books
//     a new slot.
package fieldservice

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/pantloop/deposit/internal/httpx"
)

// TicketRequest opens a service ticket for a kiosk.
type TicketRequest struct {
	IdempotencyKey string `json:"-"`
	SiteRef        string `json:"site_ref"`
	AssetSerial    string `json:"asset_serial"`
	AssetModel     string `json:"asset_model"`
	FaultCode      string `json:"fault_code"`
	Priority       string `json:"priority"`
	Description    string `json:"description"`
	ContactPhone   string `json:"contact_phone,omitempty"`
}

type Ticket struct {
	ID        string    `json:"id"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

type VisitRequest struct {
	WindowStart time.Time `json:"window_start"`
	WindowEnd   time.Time `json:"window_end"`
	Notes       string    `json:"notes,omitempty"`
}

type Visit struct {
	ID          string    `json:"id"`
	TicketID    string    `json:"ticket_id"`
	WindowStart time.Time `json:"window_start"`
	WindowEnd   time.Time `json:"window_end"`
	Technician  string    `json:"technician"`
}

// Desk is what the ticket service needs from the partner.
type Desk interface {
	CreateTicket(ctx context.Context, req TicketRequest) (*Ticket, error)
	SetStatus(ctx context.Context, ticketID, status, note string) error
	BookVisit(ctx context.Context, ticketID string, req VisitRequest) (*Visit, error)
}

// Client is the HTTP implementation of Desk.
type Client struct {
	baseURL string
	token   string
	http    *http.Client
}

func NewClient(baseURL, token string) *Client {
	return &Client{baseURL: baseURL, token: token, http: &http.Client{Timeout: 10 * time.Second}}
}

func (c *Client) header() http.Header {
	h := http.Header{}
	h.Set("Authorization", "Token "+c.token)
	return h
}

func (c *Client) CreateTicket(ctx context.Context, req TicketRequest) (*Ticket, error) {
	h := c.header()
	if req.IdempotencyKey != "" {
		h.Set("Idempotency-Key", req.IdempotencyKey)
	}
	var out Ticket
	if err := httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v1/tickets",
		Header: h,
		Body:   req,
	}, &out); err != nil {
		return nil, fmt.Errorf("fieldservice: create ticket: %w", err)
	}
	return &out, nil
}

func (c *Client) SetStatus(ctx context.Context, ticketID, status, note string) error {
	body := map[string]string{"status": status, "note": note}
	if err := httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodPut,
		URL:    c.baseURL + "/v1/tickets/" + url.PathEscape(ticketID) + "/status",
		Header: c.header(),
		Body:   body,
	}, nil); err != nil {
		return fmt.Errorf("fieldservice: set status: %w", err)
	}
	return nil
}

func (c *Client) BookVisit(ctx context.Context, ticketID string, req VisitRequest) (*Visit, error) {
	var out Visit
	if err := httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v1/tickets/" + url.PathEscape(ticketID) + "/visits",
		Header: c.header(),
		Body:   req,
	}, &out); err != nil {
		return nil, fmt.Errorf("fieldservice: book visit: %w", err)
	}
	return &out, nil
}

// Instrumented wraps a Desk with logging.
func Instrumented(d Desk, log *slog.Logger) Desk {
	return &instrumented{next: d, log: log}
}

type instrumented struct {
	next Desk
	log  *slog.Logger
}

func (i *instrumented) CreateTicket(ctx context.Context, req TicketRequest) (*Ticket, error) {
	start := time.Now()
	t, err := i.next.CreateTicket(ctx, req)
	i.log.Info("fieldservice.create_ticket", "asset", req.AssetSerial, "fault", req.FaultCode, "took", time.Since(start), "err", err)
	return t, err
}

func (i *instrumented) SetStatus(ctx context.Context, ticketID, status, note string) error {
	err := i.next.SetStatus(ctx, ticketID, status, note)
	i.log.Info("fieldservice.set_status", "ticket", ticketID, "status", status, "err", err)
	return err
}

func (i *instrumented) BookVisit(ctx context.Context, ticketID string, req VisitRequest) (*Visit, error) {
	v, err := i.next.BookVisit(ctx, ticketID, req)
	i.log.Info("fieldservice.book_visit", "ticket", ticketID, "err", err)
	return v, err
}
