// Package gateway is the client for the state e-filing gateway (the EFM the
// courts expose to certified filing service providers).
//
// Envelope submission and e-service deduplicate on the client_reference field
// in the request body, scoped to our filer account. Callbacks are signed with
// HMAC-SHA256 over the raw body.
package gateway

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// Config configures the client.
type Config struct {
	BaseURL       string
	FilerID       string
	APIKey        string
	WebhookSecret string
	Timeout       time.Duration
}

// Client talks to the gateway.
type Client struct {
	cfg Config
	hc  *http.Client
}

// New returns a client.
func New(cfg Config) *Client {
	if cfg.Timeout == 0 {
		cfg.Timeout = 60 * time.Second
	}
	return &Client{cfg: cfg, hc: &http.Client{Timeout: cfg.Timeout}}
}

// Error is a structured gateway error.
type Error struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("gateway: %d %s: %s", e.Status, e.Code, e.Message)
}

// Submit opens an envelope with the court.
func (c *Client) Submit(ctx context.Context, in SubmitRequest) (*SubmitResponse, error) {
	var out SubmitResponse
	if err := c.do(ctx, http.MethodPost, "/v3/envelopes", nil, in, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// EServe serves an accepted envelope on the listed recipients.
func (c *Client) EServe(ctx context.Context, envelopeID string, in EServiceRequest) (*EServiceResponse, error) {
	var out EServiceResponse
	p := "/v3/envelopes/" + url.PathEscape(envelopeID) + "/service"
	if err := c.do(ctx, http.MethodPost, p, nil, in, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// FeeLedger returns the fee ledger lines posted on day (court local date).
func (c *Client) FeeLedger(ctx context.Context, day time.Time) ([]LedgerLine, error) {
	var out struct {
		Lines []LedgerLine `json:"lines"`
		Next  string       `json:"next"`
	}
	var lines []LedgerLine
	q := url.Values{"date": {day.Format(time.DateOnly)}}
	for {
		out.Lines, out.Next = nil, ""
		if err := c.do(ctx, http.MethodGet, "/v3/ledger", q, nil, &out); err != nil {
			return nil, err
		}
		lines = append(lines, out.Lines...)
		if out.Next == "" {
			return lines, nil
		}
		q.Set("cursor", out.Next)
	}
}

// VerifyCallback checks the X-Gateway-Signature header against body.
func (c *Client) VerifyCallback(body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(c.cfg.WebhookSecret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}

func (c *Client) do(ctx context.Context, method, path string, q url.Values, body, out any) error {
	u, err := url.JoinPath(c.cfg.BaseURL, path)
	if err != nil {
		return err
	}
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	var rdr io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rdr = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rdr)
	if err != nil {
		return err
	}
	req.Header.Set("X-Filer-Id", c.cfg.FilerID)
	req.Header.Set("Authorization", "ApiKey "+c.cfg.APIKey)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}

	resp, err := c.hc.Do(req)
	if err != nil {
		return fmt.Errorf("gateway: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()

	if resp.StatusCode >= 300 {
		ge := &Error{Status: resp.StatusCode}
		_ = json.NewDecoder(io.LimitReader(resp.Body, 8<<10)).Decode(ge)
		return ge
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// Document is one PDF in an envelope. The gateway fetches it from our
// signed storage URL.
type Document struct {
	Title     string `json:"title"`
	URL       string `json:"url"`
	SHA256    string `json:"sha256"`
	PageCount int    `json:"page_count"`
	Lead      bool   `json:"lead"`
}

// SubmitRequest is the body of POST /v3/envelopes.
type SubmitRequest struct {
	// ClientReference is our identifier for the submission. The gateway keeps
	// one envelope per (filer, client_reference); a repeat returns the
	// original envelope instead of opening a new one.
	ClientReference string     `json:"client_reference,omitempty"`
	CourtCode       string     `json:"court_code"`
	CaseNumber      string     `json:"case_number,omitempty"`
	CaseTitle       string     `json:"case_title"`
	FilingCode      string     `json:"filing_code"`
	FilerBarNumber  string     `json:"filer_bar_number"`
	Description     string     `json:"description,omitempty"`
	FeeCents        int64      `json:"fee_cents"`
	Documents       []Document `json:"documents"`
}

// SubmitResponse is the gateway's receipt for an envelope.
type SubmitResponse struct {
	EnvelopeID string    `json:"envelope_id"`
	Status     string    `json:"status"`
	ReceivedAt time.Time `json:"received_at"`
}

// Recipient is a service contact for electronic service.
type Recipient struct {
	Name  string `json:"name"`
	Email string `json:"email"`
}

// EServiceRequest is the body of POST /v3/envelopes/{id}/service.
type EServiceRequest struct {
	ClientReference string      `json:"client_reference,omitempty"`
	Recipients      []Recipient `json:"recipients"`
}

// EServiceReceipt confirms service on one recipient.
type EServiceReceipt struct {
	Email     string    `json:"email"`
	ReceiptID string    `json:"receipt_id"`
	ServedAt  time.Time `json:"served_at"`
}

// EServiceResponse lists per-recipient receipts.
type EServiceResponse struct {
	Receipts []EServiceReceipt `json:"receipts"`
}

// LedgerLine is one row of the gateway's daily fee ledger.
type LedgerLine struct {
	Ref         string    `json:"ref"`
	EnvelopeID  string    `json:"envelope_id"`
	Type        string    `json:"type"` // fee_assessed | fee_returned
	AmountCents int64     `json:"amount_cents"`
	PostedAt    time.Time `json:"posted_at"`
}

// Callback is a status push from the gateway to our webhook.
type Callback struct {
	ID         string    `json:"id"`
	Type       string    `json:"type"`
	EnvelopeID string    `json:"envelope_id,omitempty"`
	OccurredAt time.Time `json:"occurred_at"`

	CaseNumber      string `json:"case_number,omitempty"`
	RejectionReason string `json:"rejection_reason,omitempty"`

	Docket *DocketEntry `json:"docket,omitempty"`
}

// DocketEntry is a new entry on a case docket.
type DocketEntry struct {
	CourtCode   string    `json:"court_code"`
	CaseNumber  string    `json:"case_number"`
	Sequence    int32     `json:"sequence"`
	Description string    `json:"description"`
	EnteredAt   time.Time `json:"entered_at"`
}

// Callback types.
const (
	CallbackFilingAccepted = "filing.accepted"
	CallbackFilingRejected = "filing.rejected"
	CallbackDocketEntry    = "docket.entry"
)
