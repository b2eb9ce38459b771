// Package payout moves subcontractor pay through the bank-payout partner and
// tracks each payout until the partner settles it.
package payout

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/driftline-services/snowplow/internal/domain"
	"github.com/driftline-services/snowplow/internal/provider/bankpay"
)

// Repository stores payouts.
type Repository interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Payout, error)
	ByProviderID(ctx context.Context, providerID string) (domain.Payout, error)
	MarkSent(ctx context.Context, id uuid.UUID, providerID string) (bool, error)
	MarkPaid(ctx context.Context, id uuid.UUID) (bool, error)
	MarkFailed(ctx context.Context, id uuid.UUID, reason string) (bool, error)
	Requeue(ctx context.Context, id uuid.UUID) (int, bool, error)
	RecordAttempt(ctx context.Context, payoutID uuid.UUID, attempt int, startedAt time.Time, errText string) error
	ClaimBankEvent(ctx context.Context, eventID string, payoutID uuid.UUID, typ string) (bool, error)
}

// Subcontractors resolves payees.
type Subcontractors interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Subcontractor, error)
}

// Bank is the payout partner.
type Bank interface {
	CreatePayout(ctx context.Context, req bankpay.PayoutRequest, opts ...bankpay.CallOption) (bankpay.Payout, error)
}

// Sender executes queued payouts. It is driven by the payout.send job.
type Sender struct {
	payouts Repository
	subs    Subcontractors
	bank    Bank
	log     *slog.Logger
}

// SenderOption configures a Sender.
type SenderOption func(*Sender)

// WithSenderLogger sets the logger.
func WithSenderLogger(l *slog.Logger) SenderOption { return func(s *Sender) { s.log = l } }

// NewSender returns a Sender.
func NewSender(payouts Repository, subs Subcontractors, bank Bank, opts ...SenderOption) *Sender {
	s := &Sender{payouts: payouts, subs: subs, bank: bank, log: slog.Default()}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Send transfers a queued payout. attempt is the job attempt number and is
// only used for the attempt log.
func (s *Sender) Send(ctx context.Context, id uuid.UUID, attempt int) (err error) {
	started := time.Now()
	defer func() {
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if logErr := s.payouts.RecordAttempt(context.WithoutCancel(ctx), id, attempt, started, msg); logErr != nil {
			s.log.WarnContext(ctx, "payout attempt log", "payout", id, "err", logErr)
		}
	}()

	p, err := s.payouts.Get(ctx, id)
	if err != nil {
		return err
	}
	if p.Status != domain.PayoutQueued {
		s.log.InfoContext(ctx, "payout not queued, skipping", "payout", id, "status", p.Status)
		return nil
	}
	sub, err := s.subs.Get(ctx, p.SubcontractorID)
	if err != nil {
		return err
	}
	if sub.BankRecipientID == nil {
		return domain.ErrNoBankAccount
	}

	res, err := s.bank.CreatePayout(ctx, bankpay.PayoutRequest{
		RecipientID: *sub.BankRecipientID,
		AmountCents: p.AmountCents,
		Currency:    p.Currency,
		Descriptor:  "SNOWPLOW ROUTE PAY",
		Metadata: map[string]string{
			"payout_id":     p.ID.String(),
			"assignment_id": p.AssignmentID.String(),
		},
	}, bankpay.WithIdempotencyKey(bankpay.NewIdempotencyKey("po")))
	if err != nil {
		return fmt.Errorf("bank payout %s: %w", p.ID, err)
	}

	ok, err := s.payouts.MarkSent(ctx, p.ID, res.ID)
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("payout changed state while sending")
	}
	s.log.InfoContext(ctx, "payout sent", "payout", p.ID, "provider_id", res.ID, "amount_cents", p.AmountCents)
	return nil
}
