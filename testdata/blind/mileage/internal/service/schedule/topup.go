package schedule

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/ports"
	"github.com/northwind-air/mileage/internal/provider/paygw"
)

// TopUpJob runs members' monthly auto top-up purchases.
type TopUpJob struct {
	tx        ports.TxRunner
	members   ports.Members
	purchases ports.Purchases
	ledger    ports.Ledger
	payments  ports.Payments
	log       *slog.Logger
}

// NewTopUpJob returns a TopUpJob.
func NewTopUpJob(tx ports.TxRunner, members ports.Members, purchases ports.Purchases, ledger ports.Ledger,
	payments ports.Payments, log *slog.Logger) *TopUpJob {
	return &TopUpJob{tx: tx, members: members, purchases: purchases, ledger: ledger, payments: payments, log: log}
}

// Run charges every due top-up and credits the miles.
func (j *TopUpJob) Run(ctx context.Context, now time.Time) error {
	due, err := j.members.AutoTopUpsDue(ctx, now, 500)
	if err != nil {
		return err
	}
	var errs []error
	for _, t := range due {
		if err := j.topUp(ctx, t); err != nil {
			j.log.ErrorContext(ctx, "auto top-up failed", "member_id", t.MemberID, "error", err)
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (j *TopUpJob) topUp(ctx context.Context, t domain.AutoTopUp) error {
	next := t.NextRunAt.AddDate(0, 1, 0)
	key := ulid.Make().String()
	charge, err := j.payments.Charge(ctx, paygw.ChargeRequest{
		CardToken:   t.CardToken,
		AmountCents: t.AmountCents,
		Currency:    t.Currency,
		Description: fmt.Sprintf("%d Northwind Miles (auto top-up)", t.Miles),
		Metadata:    map[string]string{"member_id": t.MemberID, "source": "auto_topup"},
	}, paygw.WithIdempotencyKey(key))
	if errors.Is(err, paygw.ErrDeclined) {
		j.log.WarnContext(ctx, "auto top-up declined", "member_id", t.MemberID)
		return j.members.AdvanceAutoTopUp(ctx, t.MemberID, next)
	}
	if err != nil {
		return err
	}
	return j.tx.Do(ctx, func(ctx context.Context) error {
		p := domain.Purchase{
			ID:             uuid.NewString(),
			MemberID:       t.MemberID,
			IdempotencyKey: key,
			Source:         "auto_topup",
			Miles:          t.Miles,
			AmountCents:    t.AmountCents,
			Currency:       t.Currency,
			CardToken:      t.CardToken,
			Status:         domain.PurchaseCaptured,
			ChargeID:       charge.ID,
		}
		if err := j.purchases.Insert(ctx, p); err != nil {
			return err
		}
		if _, err := j.ledger.Post(ctx, domain.Posting{
			MemberID:  t.MemberID,
			Kind:      domain.KindPurchase,
			Miles:     t.Miles,
			Source:    "purchase",
			SourceRef: p.ID,
			ExpiresAt: domain.AccrualExpiry(time.Now().UTC()),
		}); err != nil {
			return err
		}
		return j.members.AdvanceAutoTopUp(ctx, t.MemberID, next)
	})
}
