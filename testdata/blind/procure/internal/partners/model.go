// Package partners processes inbound documents relayed by the EDI partner:
// order responses, despatch advices and supplier charge notices.
package partners

import (
	"encoding/json"
	"time"
)

// Inbound is the envelope the EDI partner posts to our webhooks.
type Inbound struct {
	DocumentID string          `json:"document_id"`
	MessageID  string          `json:"message_id"`
	DocType    string          `json:"doc_type"`
	SenderID   string          `json:"sender_id"`
	ReceivedAt time.Time       `json:"received_at"`
	Payload    json.RawMessage `json:"payload"`
}

// OrderResponse is an ORDRSP payload.
type OrderResponse struct {
	OrderNumber  string `json:"order_number"`
	ResponseCode string `json:"response_code"` // AP accepted, AC accepted with change, RE rejected
	PromisedDate string `json:"promised_date,omitempty"`
	Note         string `json:"note,omitempty"`
}

// DespatchAdvice is a DESADV payload.
type DespatchAdvice struct {
	ASNNumber   string          `json:"despatch_number"`
	OrderNumber string          `json:"order_number"`
	ShipDate    string          `json:"ship_date"`
	ETA         string          `json:"estimated_delivery"`
	Carrier     string          `json:"carrier"`
	Lines       json.RawMessage `json:"lines"`
}

// ChargeNotice is a supplier's freight, handling or surcharge notice.
type ChargeNotice struct {
	OrderNumber string `json:"order_number,omitempty"`
	ChargeType  string `json:"charge_type"`
	AmountMinor int64  `json:"amount_minor"`
	Currency    string `json:"currency"`
	Description string `json:"description"`
}

// Acknowledgement is a stored order response.
type Acknowledgement struct {
	PartnerMessageID string  `db:"partner_message_id"`
	POID             string  `db:"po_id"`
	ResponseCode     string  `db:"response_code"`
	PromisedDate     *string `db:"promised_date"`
	Note             *string `db:"note"`
}

// Delivery is an expected delivery announced by an ASN.
type Delivery struct {
	ID         string          `db:"id"`
	SupplierID string          `db:"supplier_id"`
	ASNNumber  string          `db:"asn_number"`
	POID       string          `db:"po_id"`
	ShipDate   *string         `db:"ship_date"`
	ETA        *string         `db:"eta"`
	Carrier    *string         `db:"carrier"`
	Lines      json.RawMessage `db:"lines"`
}

// Charge is a supplier charge awaiting AP review.
type Charge struct {
	ID           string  `db:"id" json:"id"`
	SupplierID   string  `db:"supplier_id" json:"supplier_id"`
	POID         *string `db:"po_id" json:"po_id,omitempty"`
	ChargeType   string  `db:"charge_type" json:"charge_type"`
	AmountMinor  int64   `db:"amount_minor" json:"amount_minor"`
	Currency     string  `db:"currency" json:"currency"`
	PartnerDocID string  `db:"partner_doc_id" json:"partner_doc_id"`
	Status       string  `db:"status" json:"status"`
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
