// Package payout talks to payout partners: banks that credit recipient
// accounts and mobile-wallet operators. Both honour a caller-supplied
// idempotency key (BankWire as a header, WalletPay as client_txn_id).
package payout

import (
	"context"
	"errors"
	"time"
)

// RecipientInfo is what a partner needs to credit the recipient.
type RecipientInfo struct {
	Name           string `json:"name"`
	Phone          string `json:"phone"`
	Country        string `json:"country"`
	BankCode       string `json:"bank_code,omitempty"`
	AccountNumber  string `json:"account_number,omitempty"`
	WalletProvider string `json:"wallet_provider,omitempty"`
}

// Request is a payout instruction.
type Request struct {
	PayoutID   string
	TransferID string
	Method     string
	Amount     int64
	Currency   string
	Narrative  string
	Recipient  RecipientInfo
}

// Receipt is a partner's acknowledgement.
type Receipt struct {
	PartnerRef string
	Status     string // "accepted" or "completed"
	HTTPStatus int
}

func (r *Receipt) Completed() bool { return r != nil && r.Status == "completed" }

type SettlementFileRef struct {
	ID           string
	BusinessDate time.Time
	Currency     string
}

type SettlementLine struct {
	PartnerRef string `json:"partner_ref"`
	Amount     int64  `json:"amount"`
	Fee        int64  `json:"fee"`
	Currency   string `json:"currency"`
}

type submitOptions struct {
	idempotencyKey string
	callbackURL    string
}

// SubmitOption customises a single Submit call.
type SubmitOption func(*submitOptions)

// WithIdempotencyKey asks the partner to deduplicate on k.
func WithIdempotencyKey(k string) SubmitOption {
	return func(o *submitOptions) { o.idempotencyKey = k }
}

// WithCallback overrides the status callback URL registered with the partner.
func WithCallback(url string) SubmitOption {
	return func(o *submitOptions) { o.callbackURL = url }
}

func collect(opts []SubmitOption) submitOptions {
	var o submitOptions
	for _, f := range opts {
		f(&o)
	}
	return o
}

// Partner is a payout partner integration.
type Partner interface {
	Name() string
	Submit(ctx context.Context, req Request, opts ...SubmitOption) (*Receipt, error)
	SettlementFiles(ctx context.Context, since time.Time) ([]SettlementFileRef, error)
	SettlementLines(ctx context.Context, fileID string) ([]SettlementLine, error)
}

// ErrRejected is returned when the partner refuses the instruction outright.
var ErrRejected = errors.New("payout: rejected by partner")
