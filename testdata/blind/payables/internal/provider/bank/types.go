// Package bank is a client for the bank partner's payments API.
//
// The partner honours an Idempotency-Key header on every POST: a repeated
// key within 72 hours returns the original response instead of performing
// the operation again.
package bank

import "time"

// CounterpartyRequest registers a supplier's bank account as a payee.
type CounterpartyRequest struct {
	Name          string `json:"name"`
	Country       string `json:"country"`
	Currency      string `json:"currency"`
	IBAN          string `json:"iban,omitempty"`
	AccountNumber string `json:"account_number,omitempty"`
	RoutingCode   string `json:"routing_code,omitempty"`
	Reference     string `json:"reference,omitempty"`
}

// Counterparty is a registered payee.
type Counterparty struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	Fingerprint string `json:"account_fingerprint"`
	Last4       string `json:"last4"`
}

// TransferRequest moves funds from the tenant's account to a counterparty.
type TransferRequest struct {
	SourceAccount  string            `json:"source_account"`
	CounterpartyID string            `json:"counterparty_id"`
	AmountMinor    int64             `json:"amount"`
	Currency       string            `json:"currency"`
	Reference      string            `json:"reference"`
	ExecutionDate  string            `json:"execution_date,omitempty"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

// Transfer is the partner's view of a transfer.
type Transfer struct {
	ID        string    `json:"id"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

// QuoteRequest asks for an indicative conversion quote.
type QuoteRequest struct {
	SellCurrency string `json:"sell_currency"`
	BuyCurrency  string `json:"buy_currency"`
	SellMinor    int64  `json:"sell_amount,omitempty"`
	BuyMinor     int64  `json:"buy_amount,omitempty"`
}

// Quote is a firm quote valid until ExpiresAt.
type Quote struct {
	ID        string    `json:"id"`
	SellMinor int64     `json:"sell_amount"`
	BuyMinor  int64     `json:"buy_amount"`
	Rate      string    `json:"rate"`
	ExpiresAt time.Time `json:"expires_at"`
}

// ConversionRequest books a conversion against a quote.
type ConversionRequest struct {
	QuoteID       string `json:"quote_id"`
	SourceAccount string `json:"source_account"`
	Reference     string `json:"reference,omitempty"`
}

// Conversion is a booked FX conversion.
type Conversion struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// Rates is a snapshot of reference rates.
type Rates struct {
	Base  string            `json:"base"`
	AsOf  string            `json:"as_of"`
	Rates map[string]string `json:"rates"`
}

// WebhookEvent is a notification from the partner.
type WebhookEvent struct {
	ID         string    `json:"id"`
	Type       string    `json:"type"`
	TransferID string    `json:"transfer_id"`
	Reference  string    `json:"reference"`
	Status     string    `json:"status"`
	ReasonCode string    `json:"reason_code,omitempty"`
	AmountMin  int64     `json:"amount"`
	Currency   string    `json:"currency"`
	OccurredAt time.Time `json:"occurred_at"`
}
