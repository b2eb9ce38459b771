// Package maintenance files station fault tickets with the field-service
// contractor.
package maintenance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
)

// TicketRequest describes a fault for the contractor's dispatch desk.
type TicketRequest struct {
	SiteRef     string `json:"site_ref"`
	AssetRef    string `json:"asset_ref"`
	FaultCode   string `json:"fault_code"`
	Priority    string `json:"priority"` // P1..P4
	Summary     string `json:"summary"`
	Description string `json:"description"`
	ReportedAt  string `json:"reported_at"`
}

// Ticket is the contractor's ticket.
type Ticket struct {
	Number string `json:"ticket_number"`
	Status string `json:"status"`
	ETA    string `json:"eta,omitempty"`
}

// Contractor is what callers depend on.
type Contractor interface {
	OpenTicket(ctx context.Context, req TicketRequest) (Ticket, error)
}

// Client implements Contractor against the contractor's REST API. The API
// opens a new ticket for every accepted POST; it has no client reference
// or idempotency support.
type Client struct {
	baseURL  string
	user     string
	password string
	http     *http.Client
	attempts uint
}

// New builds a contractor client.
func New(baseURL, user, password string) *Client {
	return &Client{baseURL: baseURL, user: user, password: password,
		http: &http.Client{Timeout: 12 * time.Second}, attempts: 3}
}

type httpStatusError struct{ code int }

func (e httpStatusError) Error() string { return fmt.Sprintf("contractor status %d", e.code) }

// OpenTicket POSTs a new ticket, retrying transient failures.
func (c *Client) OpenTicket(ctx context.Context, tr TicketRequest) (Ticket, error) {
	body, err := json.Marshal(tr)
	if err != nil {
		return Ticket{}, err
	}
	return retry.DoWithData(func() (Ticket, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/api/v3/tickets", bytes.NewReader(body))
		if err != nil {
			return Ticket{}, retry.Unrecoverable(err)
		}
		req.SetBasicAuth(c.user, c.password)
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.http.Do(req)
		if err != nil {
			return Ticket{}, err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		switch {
		case resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests:
			return Ticket{}, httpStatusError{resp.StatusCode}
		case resp.StatusCode >= 300:
			return Ticket{}, retry.Unrecoverable(fmt.Errorf("%w: %s", httpStatusError{resp.StatusCode}, raw))
		}
		var t Ticket
		if err := json.Unmarshal(raw, &t); err != nil {
			return Ticket{}, retry.Unrecoverable(fmt.Errorf("decode ticket: %w", err))
		}
		return t, nil
	},
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(300*time.Millisecond),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
	)
}
