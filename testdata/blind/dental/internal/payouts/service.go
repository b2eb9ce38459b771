// Package payouts pays associate dentists their share of collections
// through Stripe Connect transfers.
package payouts

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
	"github.com/brightsmile-dental/practiceops/internal/platform/ids"
	"github.com/brightsmile-dental/practiceops/internal/providers/stripepay"
)

// Service runs the payout cycle.
type Service interface {
	Run(ctx context.Context, in RunInput) (RunOutput, error)
}

type RunInput struct {
	PeriodEnd    time.Time
	MinimumCents int64
}

type RunOutput struct {
	Resumed    int
	Created    int
	Failed     int
	TotalCents int64
}

type service struct {
	associates *database.Repository[models.Associate]
	earnings   *database.Repository[models.AssociateEarning]
	payouts    *database.Repository[models.Payout]
	gateway    stripepay.Gateway
	log        *slog.Logger
	now        func() time.Time
}

// NewService wires the payout service.
func NewService(db *gorm.DB, gateway stripepay.Gateway, log *slog.Logger) Service {
	return &service{
		associates: database.NewRepository[models.Associate](db),
		earnings:   database.NewRepository[models.AssociateEarning](db),
		payouts:    database.NewRepository[models.Payout](db),
		gateway:    gateway,
		log:        log,
		now:        func() time.Time { return time.Now().UTC() },
	}
}

func (s *service) Run(ctx context.Context, in RunInput) (RunOutput, error) {
	var out RunOutput

	// Payouts left pending by an interrupted run go out first.
	pending, err := s.payouts.Find(ctx, "status = ?", models.PayoutPending)
	if err != nil {
		return out, err
	}
	for _, p := range pending {
		if err := s.resume(ctx, p); err != nil {
			s.log.Error("resume payout", "payout_id", p.ID, "err", err)
			out.Failed++
			continue
		}
		out.Resumed++
		out.TotalCents += p.AmountCents
	}

	associates, err := s.associates.Find(ctx, "active AND stripe_account_id IS NOT NULL")
	if err != nil {
		return out, err
	}
	for _, a := range associates {
		earned, err := s.earnings.Find(ctx, "associate_id = ? AND payout_id IS NULL AND earned_at < ?", a.ID, in.PeriodEnd)
		if err != nil {
			return out, err
		}
		var total int64
		earningIDs := make([]uuid.UUID, 0, len(earned))
		for _, e := range earned {
			total += e.AmountCents
			earningIDs = append(earningIDs, e.ID)
		}
		if total < in.MinimumCents || total <= 0 {
			continue
		}

		p := models.Payout{
			ID:          ids.New(),
			AssociateID: a.ID,
			PeriodEnd:   in.PeriodEnd,
			AmountCents: total,
			Status:      models.PayoutPending,
		}
		if err := s.payouts.Create(ctx, &p); err != nil {
			return out, fmt.Errorf("create payout for %s: %w", a.FullName, err)
		}
		if _, err := s.earnings.UpdateWhere(ctx, map[string]any{"payout_id": p.ID}, "id IN ?", earningIDs); err != nil {
			return out, fmt.Errorf("assign earnings to payout %s: %w", p.ID, err)
		}
		out.Created++

		if err := s.send(ctx, p); err != nil {
			s.log.Error("send payout", "payout_id", p.ID, "associate", a.FullName, "err", err)
			out.Failed++
			continue
		}
		out.TotalCents += total
	}
	return out, nil
}

// resume finishes a payout from an earlier run. The transfer may have gone
// through before that run stopped, so Stripe is asked first.
func (s *service) resume(ctx context.Context, p models.Payout) error {
	existing, err := s.gateway.FindTransfer(ctx, transferGroup(p))
	if err != nil {
		return err
	}
	if existing == nil {
		return s.send(ctx, p)
	}
	return s.markPaid(ctx, p, existing.TransferID)
}

func transferGroup(p models.Payout) string { return "payout-" + p.ID }

// send transfers a payout that is already recorded as pending.
func (s *service) send(ctx context.Context, p models.Payout) error {
	a, err := s.associates.Get(ctx, p.AssociateID)
	if err != nil {
		return err
	}
	if a.StripeAccountID == nil {
		return fmt.Errorf("associate %s has no connected account", a.ID)
	}
	tr, err := s.gateway.Transfer(ctx, stripepay.TransferRequest{
		DestinationAccount: *a.StripeAccountID,
		AmountCents:        p.AmountCents,
		TransferGroup:      transferGroup(p),
		Description:        fmt.Sprintf("Collections share through %s", p.PeriodEnd.Format(time.DateOnly)),
		Metadata:           map[string]string{"payout_id": p.ID, "associate_id": a.ID.String()},
		IdempotencyKey:     "payout:" + p.ID,
	})
	if err != nil {
		return err
	}
	return s.markPaid(ctx, p, tr.TransferID)
}

func (s *service) markPaid(ctx context.Context, p models.Payout, transferID string) error {
	_, err := s.payouts.UpdateWhere(ctx,
		map[string]any{"status": models.PayoutPaid, "stripe_transfer_id": transferID, "paid_at": s.now()},
		"id = ? AND status = ?", p.ID, models.PayoutPending)
	return err
}
