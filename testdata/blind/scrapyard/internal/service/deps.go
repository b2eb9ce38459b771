// Package service holds the yard's business logic. Services talk to the
// database through store.Store and to providers through the narrow
// interfaces below; cmd/* wires in the concrete clients.
package service

import (
	"context"

	"github.com/ironbridge-metals/yardops/internal/provider/achpay"
	"github.com/ironbridge-metals/yardops/internal/provider/cashkiosk"
	"github.com/ironbridge-metals/yardops/internal/provider/haulnet"
	"github.com/ironbridge-metals/yardops/internal/provider/idcheck"
	"github.com/ironbridge-metals/yardops/internal/provider/millgate"
	"github.com/ironbridge-metals/yardops/internal/provider/stateportal"
	"github.com/ironbridge-metals/yardops/internal/queue"
)

// IDVerifier runs identity-document checks (Veridoc).
type IDVerifier interface {
	RunCheck(ctx context.Context, req idcheck.CheckRequest) (idcheck.Check, error)
}

// ACHOriginator pushes ACH credits (Ledgerline).
type ACHOriginator interface {
	CreateRecipient(ctx context.Context, req achpay.RecipientRequest, opts ...achpay.CallOption) (achpay.Recipient, error)
	CreateTransfer(ctx context.Context, req achpay.TransferRequest, opts ...achpay.CallOption) (achpay.Transfer, error)
}

// CashKiosk funds cash vouchers (CashPoint).
type CashKiosk interface {
	IssueVoucher(ctx context.Context, req cashkiosk.VoucherRequest) (cashkiosk.Voucher, error)
}

// Carrier books and cancels trucks (HaulNet).
type Carrier interface {
	Tender(ctx context.Context, req haulnet.TenderRequest) (haulnet.Booking, error)
	Cancel(ctx context.Context, bookingRef string) error
}

// MillGateway talks to the mills' purchasing gateway (MillGate).
type MillGateway interface {
	Acknowledge(ctx context.Context, partnerCode, contractNo string, req millgate.AckRequest, idempotencyKey string) (millgate.Ack, error)
}

// Regulator files state compliance reports.
type Regulator interface {
	SubmitBatch(ctx context.Context, b stateportal.Batch) (stateportal.Receipt, error)
	SubmitCorrection(ctx context.Context, c stateportal.Correction) (stateportal.Receipt, error)
}

// SMSSender sends text messages (Textline).
type SMSSender interface {
	Send(ctx context.Context, to, body string) (string, error)
}

// Publisher puts envelopes on a topic's queue.
type Publisher interface {
	Publish(ctx context.Context, topic string, env queue.Envelope) error
}
