// Package service holds the platform's use cases. Services depend on the
// repository Store and on narrow provider interfaces so they can be wired
// with the real clients or with fakes.
package service

import (
	"context"
	"errors"
	"time"

	"github.com/kestrelfin/factoring/internal/provider/bankapi"
	"github.com/kestrelfin/factoring/internal/provider/bureau"
	"github.com/kestrelfin/factoring/internal/provider/openbanking"
	"github.com/kestrelfin/factoring/internal/provider/postal"
)

var (
	ErrInvalidState        = errors.New("service: invalid state for operation")
	ErrIdempotencyMismatch = errors.New("service: idempotency key reused with a different request")
	ErrValidation          = errors.New("service: validation failed")
)

// PayoutGateway sends money to suppliers.
type PayoutGateway interface {
	CreatePayout(ctx context.Context, req bankapi.PayoutRequest, opts ...bankapi.CallOption) (*bankapi.Payout, error)
}

// PaymentInitiator starts debtor-to-platform payments.
type PaymentInitiator interface {
	CreatePayment(ctx context.Context, req openbanking.PaymentRequest) (*openbanking.Payment, error)
}

// CreditBureau pulls credit reports.
type CreditBureau interface {
	PullReport(ctx context.Context, req bureau.ReportRequest) (*bureau.Report, error)
}

// LetterSender posts letters.
type LetterSender interface {
	SendLetter(ctx context.Context, req postal.LetterRequest) (*postal.Letter, error)
}

// Clock is injected so services can be driven deterministically.
type Clock interface {
	Now() time.Time
}

type SystemClock struct{}

func (SystemClock) Now() time.Time { return time.Now().UTC() }

func NewClock() Clock { return SystemClock{} }

func truncateDay(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
