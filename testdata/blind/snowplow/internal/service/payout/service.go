package payout

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/driftline-services/snowplow/internal/domain"
	"github.com/driftline-services/snowplow/internal/jobs"
	"github.com/driftline-services/snowplow/internal/provider/bankpay"
	"github.com/driftline-services/snowplow/internal/service/ports"
)

// Ledger books money movements against a subcontractor.
type Ledger interface {
	Append(ctx context.Context, e domain.LedgerEntry) (int64, error)
}

// Service handles payout operations from the desk and from the partner.
type Service struct {
	payouts Repository
	subs    Subcontractors
	ledger  Ledger
	texter  ports.Texter
	jobs    ports.Enqueuer
	tx      ports.TxRunner
	log     *slog.Logger
}

// Option configures a Service.
type Option func(*Service)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// NewService returns a Service.
func NewService(payouts Repository, subs Subcontractors, ledger Ledger, texter ports.Texter, q ports.Enqueuer, runner ports.TxRunner, opts ...Option) *Service {
	s := &Service{payouts: payouts, subs: subs, ledger: ledger, texter: texter, jobs: q, tx: runner, log: slog.Default()}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Requeue sends a failed payout again, typically after the subcontractor
// fixed their bank details.
func (s *Service) Requeue(ctx context.Context, id uuid.UUID) (domain.Payout, error) {
	var out domain.Payout
	err := s.tx.Run(ctx, func(ctx context.Context) error {
		round, ok, err := s.payouts.Requeue(ctx, id)
		if err != nil {
			return err
		}
		if !ok {
			cur, err := s.payouts.Get(ctx, id)
			if err != nil {
				return err
			}
			if cur.Status == domain.PayoutQueued {
				out = cur
				return nil
			}
			return fmt.Errorf("%w: payout is %s", domain.ErrConflict, cur.Status)
		}
		if err := s.jobs.Enqueue(ctx, jobs.PayoutArgs{PayoutID: id, Round: round}, nil); err != nil {
			return err
		}
		out, err = s.payouts.Get(ctx, id)
		return err
	})
	return out, err
}

// HandleBankEvent applies a payout webhook from the partner.
func (s *Service) HandleBankEvent(ctx context.Context, evt bankpay.Event) error {
	p, err := s.payouts.ByProviderID(ctx, evt.Data.PayoutID)
	if err != nil {
		return fmt.Errorf("payout for provider id %s: %w", evt.Data.PayoutID, err)
	}
	switch evt.Type {
	case bankpay.EventPayoutPaid:
		return s.settle(ctx, evt, p)
	case bankpay.EventPayoutFailed, bankpay.EventPayoutReturned:
		return s.fail(ctx, evt, p)
	default:
		s.log.InfoContext(ctx, "ignoring bank event", "type", evt.Type, "id", evt.ID)
		return nil
	}
}

func (s *Service) settle(ctx context.Context, evt bankpay.Event, p domain.Payout) error {
	return s.tx.Run(ctx, func(ctx context.Context) error {
		fresh, err := s.payouts.ClaimBankEvent(ctx, evt.ID, p.ID, evt.Type)
		if err != nil || !fresh {
			return err
		}
		paid, err := s.payouts.MarkPaid(ctx, p.ID)
		if err != nil || !paid {
			return err
		}
		_, err = s.ledger.Append(ctx, domain.LedgerEntry{
			ID:              uuid.New(),
			SubcontractorID: p.SubcontractorID,
			Kind:            "route_pay",
			AmountCents:     p.AmountCents,
			Memo:            "payout " + p.ID.String(),
		})
		return err
	})
}

func (s *Service) fail(ctx context.Context, evt bankpay.Event, p domain.Payout) error {
	sub, err := s.subs.Get(ctx, p.SubcontractorID)
	if err != nil {
		return err
	}
	reason := evt.Data.FailureReason
	if reason == "" {
		reason = evt.Data.FailureCode
	}
	msg := fmt.Sprintf("Your route payout of $%d.%02d could not be deposited (%s). Please update your bank details with the office.",
		p.AmountCents/100, p.AmountCents%100, reason)
	if _, err := s.texter.Send(ctx, sub.Phone, msg); err != nil {
		s.log.WarnContext(ctx, "payout failure text", "payout", p.ID, "err", err)
	}

	return s.tx.Run(ctx, func(ctx context.Context) error {
		fresh, err := s.payouts.ClaimBankEvent(ctx, evt.ID, p.ID, evt.Type)
		if err != nil || !fresh {
			return err
		}
		_, err = s.payouts.MarkFailed(ctx, p.ID, reason)
		return err
	})
}
