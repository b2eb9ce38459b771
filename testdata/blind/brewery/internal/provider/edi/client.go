// Package edi is a client for the value-added network (VAN) that carries our
// X12 documents to and from distributor trading partners.
//
// The VAN accepts JSON-mapped X12 documents over HTTPS and performs the
// envelope translation. It de-duplicates interchanges on the sender's ISA13
// interchange control number: a document whose control number repeats one
// already accepted from our sender id is acknowledged with "duplicate" and
// not forwarded to the partner. Control numbers are nine digits.
package edi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/ironkettle/taproute/internal/config"
	"github.com/ironkettle/taproute/internal/provider/retryhttp"
)

// Client sends documents through the VAN.
type Client struct {
	http     *retryablehttp.Client
	baseURL  string
	apiKey   string
	senderID string
	// controlNumber allocates an ISA13 when the caller does not supply one.
	controlNumber func() int64
}

// New builds a VAN client.
func New(cfg config.Config) *Client {
	return &Client{
		http: retryhttp.New(retryhttp.Options{
			Name:       "edi-van",
			MaxRetries: cfg.EDI.MaxRetries,
			WaitMin:    time.Second,
			WaitMax:    20 * time.Second,
			Timeout:    30 * time.Second,
		}),
		baseURL:  cfg.EDI.BaseURL,
		apiKey:   cfg.EDI.APIKey,
		senderID: cfg.EDI.SenderID,
		controlNumber: func() int64 {
			return 100000000 + rand.Int64N(899999999)
		},
	}
}

// Receipt is the VAN's acceptance of an interchange.
type Receipt struct {
	InterchangeID string `json:"interchange_id"`
	ControlNumber int64  `json:"control_number"`
	Duplicate     bool   `json:"duplicate"`
}

// POAckLine acknowledges one line of a purchase order.
type POAckLine struct {
	LineNo    int    `json:"line_no"`
	SKU       string `json:"sku"`
	Qty       int    `json:"qty"`
	AckStatus string `json:"ack_status"` // IA accepted, IR rejected, IQ qty changed
}

// POAck is an 855 purchase order acknowledgement.
type POAck struct {
	PartnerID string      `json:"partner_id"`
	PONumber  string      `json:"po_number"`
	OrderRef  string      `json:"order_ref"`
	ShipDate  string      `json:"ship_date"`
	Lines     []POAckLine `json:"lines"`
}

// InvoiceLine is one IT1 line of an 810.
type InvoiceLine struct {
	LineNo         int    `json:"line_no"`
	SKU            string `json:"sku"`
	Qty            int    `json:"qty"`
	UnitPriceCents int64  `json:"unit_price_cents"`
	DepositCents   int64  `json:"deposit_cents"`
}

// Invoice810 is an X12 810 invoice.
type Invoice810 struct {
	PartnerID     string        `json:"partner_id"`
	InvoiceNumber string        `json:"invoice_number"`
	PONumber      string        `json:"po_number,omitempty"`
	InvoiceDate   string        `json:"invoice_date"`
	DueDate       string        `json:"due_date"`
	TotalCents    int64         `json:"total_cents"`
	Lines         []InvoiceLine `json:"lines"`
}

type envelope struct {
	SenderID      string `json:"sender_id"`
	ReceiverID    string `json:"receiver_id"`
	ControlNumber int64  `json:"control_number"`
	DocType       string `json:"doc_type"`
	Document      any    `json:"document"`
}

// SendOption customises a send.
type SendOption func(*sendOpts)

type sendOpts struct{ control int64 }

// WithControlNumber sets the ISA13 interchange control number. Reusing the
// control number of an earlier send makes the VAN treat the send as a
// duplicate of it.
func WithControlNumber(n int64) SendOption { return func(o *sendOpts) { o.control = n } }

// SendPOAck sends an 855 under the given control number.
func (c *Client) SendPOAck(ctx context.Context, ack POAck, controlNumber int64) (Receipt, error) {
	return c.send(ctx, envelope{
		SenderID: c.senderID, ReceiverID: ack.PartnerID, ControlNumber: controlNumber,
		DocType: "855", Document: ack,
	})
}

// SendInvoice sends an 810. Without WithControlNumber a new control number is
// allocated for the interchange.
func (c *Client) SendInvoice(ctx context.Context, inv Invoice810, opts ...SendOption) (Receipt, error) {
	var o sendOpts
	for _, fn := range opts {
		fn(&o)
	}
	if o.control == 0 {
		o.control = c.controlNumber()
	}
	return c.send(ctx, envelope{
		SenderID: c.senderID, ReceiverID: inv.PartnerID, ControlNumber: o.control,
		DocType: "810", Document: inv,
	})
}

// Error is a non-2xx response from the VAN.
type Error struct {
	Status int
	Body   string
}

func (e *Error) Error() string { return fmt.Sprintf("edi van: %d: %s", e.Status, e.Body) }

func (c *Client) send(ctx context.Context, env envelope) (Receipt, error) {
	b, err := json.Marshal(env)
	if err != nil {
		return Receipt{}, err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/interchanges", bytes.NewReader(b))
	if err != nil {
		return Receipt{}, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return Receipt{}, fmt.Errorf("edi send %s: %w", env.DocType, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return Receipt{}, &Error{Status: resp.StatusCode, Body: string(data)}
	}
	var r Receipt
	if err := json.Unmarshal(data, &r); err != nil {
		return Receipt{}, fmt.Errorf("edi decode receipt: %w", err)
	}
	return r, nil
}
