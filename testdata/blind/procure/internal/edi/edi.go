// Package edi talks to the EDI partner (the VAN that relays EDIFACT
// messages to and from our suppliers).
package edi

import (
	"context"
	"encoding/json"
	"time"
)

// Document types we exchange.
const (
	DocOrders        = "ORDERS" // purchase order
	DocOrderChange   = "ORDCHG" // purchase order change
	DocRemittance    = "REMADV" // remittance advice
	DocDiscountOffer = "PAYDUC" // early payment offer (partner extension)
)

// Document is an outbound business document. Payload is the partner's JSON
// rendering of the EDIFACT message.
type Document struct {
	Type       string          `json:"doc_type"`
	ReceiverID string          `json:"receiver_id"`
	Reference  string          `json:"reference"`
	Payload    json.RawMessage `json:"payload"`
}

// Receipt is the partner's answer to a SendDocument call.
type Receipt struct {
	PartnerDocID   string    `json:"document_id"`
	InterchangeRef string    `json:"interchange_ref"`
	AcceptedAt     time.Time `json:"accepted_at"`
	Duplicate      bool      `json:"duplicate"`
}

// PortalMessage is a free-text notice shown in the supplier's portal inbox
// and forwarded by e-mail.
type PortalMessage struct {
	ReceiverID string   `json:"receiver_id"`
	Subject    string   `json:"subject"`
	Body       string   `json:"body"`
	Category   string   `json:"category"`
	References []string `json:"references,omitempty"`
}

// MessageReceipt is returned by PostMessage.
type MessageReceipt struct {
	MessageID string    `json:"message_id"`
	QueuedAt  time.Time `json:"queued_at"`
}

// DocumentStatus reports delivery of a document to the supplier.
type DocumentStatus struct {
	PartnerDocID string    `json:"document_id"`
	State        string    `json:"state"`
	UpdatedAt    time.Time `json:"updated_at"`
}

// Client is the partner API as the rest of the module sees it.
type Client interface {
	SendDocument(ctx context.Context, doc Document, opts ...SendOption) (Receipt, error)
	PostMessage(ctx context.Context, msg PortalMessage) (MessageReceipt, error)
	DocumentStatus(ctx context.Context, partnerDocID string) (DocumentStatus, error)
}

type sendOptions struct {
	interchangeRef string
	ackRequested   bool
	test           bool
}

// SendOption customises SendDocument.
type SendOption func(*sendOptions)

// WithInterchangeRef sets the interchange control reference (UNB 0020).
// The partner treats a repeated reference from the same sender as the same
// interchange and returns the original receipt.
func WithInterchangeRef(ref string) SendOption {
	return func(o *sendOptions) { o.interchangeRef = ref }
}

// WithAckRequested asks the supplier's system for a CONTRL acknowledgement.
func WithAckRequested() SendOption {
	return func(o *sendOptions) { o.ackRequested = true }
}

// WithTestIndicator marks the interchange as a test (UNB 0035).
func WithTestIndicator() SendOption {
	return func(o *sendOptions) { o.test = true }
}

func collect(opts []SendOption) sendOptions {
	var o sendOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}
