// Package couriers keeps the cooperative's courier roster in step with
// dispatch and holds each courier's Stripe connected account.
package couriers

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/spokechain/courierpay/internal/db"
	"github.com/spokechain/courierpay/internal/notify"
	"github.com/spokechain/courierpay/internal/pkg/apperr"
	"github.com/spokechain/courierpay/internal/platform/postgres"
	"github.com/spokechain/courierpay/internal/providers/sms"
)

// Onboarded is dispatch's courier.onboarded event.
type Onboarded struct {
	DispatchCourierID string    `json:"courier_id"`
	DisplayName       string    `json:"display_name"`
	Phone             string    `json:"phone_e164"`
	OnboardedAt       time.Time `json:"onboarded_at"`
}

// Offboarded is dispatch's courier.offboarded event.
type Offboarded struct {
	DispatchCourierID string    `json:"courier_id"`
	OffboardedAt      time.Time `json:"offboarded_at"`
	Reason            string    `json:"reason"`
}

// Directory resolves couriers for other packages.
type Directory interface {
	Get(ctx context.Context, id uuid.UUID) (db.Courier, error)
	ByDispatchID(ctx context.Context, dispatchID string) (db.Courier, error)
}

// DepositRefunder returns equipment deposits to a departing courier. It is
// implemented by the deductions package.
type DepositRefunder interface {
	RefundDeposit(ctx context.Context, c db.Courier) error
}

// Service is the courier roster API.
type Service interface {
	Directory
	Onboard(ctx context.Context, ev Onboarded) (db.Courier, error)
	Offboard(ctx context.Context, ev Offboarded) error
	SetPayoutAccount(ctx context.Context, id uuid.UUID, account string) (db.Courier, error)
	SyncStripeAccount(ctx context.Context, eventID, account string, payoutsEnabled bool) error
}

type service struct {
	Directory
	q        *db.Queries
	tx       postgres.Transactor
	sms      sms.Sender
	deposits DepositRefunder
	log      *slog.Logger
	newID    func() uuid.UUID
}

// NewService builds the courier service.
func NewService(dir Directory, q *db.Queries, tx postgres.Transactor, s sms.Sender, deposits DepositRefunder, log *slog.Logger) Service {
	return &service{
		Directory: dir,
		q:         q,
		tx:        tx,
		sms:       s,
		deposits:  deposits,
		log:       log.With("svc", "couriers"),
		newID:     uuid.New,
	}
}

type directory struct {
	q *db.Queries
}

// NewDirectory returns the read-only courier lookup.
func NewDirectory(q *db.Queries) Directory {
	return &directory{q: q}
}

func (d *directory) Get(ctx context.Context, id uuid.UUID) (db.Courier, error) {
	c, err := d.q.GetCourier(ctx, id)
	if postgres.IsNoRows(err) {
		return db.Courier{}, apperr.NotFound("courier %s not found", id)
	}
	return c, err
}

func (d *directory) ByDispatchID(ctx context.Context, dispatchID string) (db.Courier, error) {
	c, err := d.q.GetCourierByDispatchID(ctx, dispatchID)
	if postgres.IsNoRows(err) {
		return db.Courier{}, apperr.NotFound("courier with dispatch id %s not found", dispatchID)
	}
	return c, err
}

// Onboard creates or refreshes the courier and sends the welcome text.
// Dispatch tells new couriers at the depot to wait for the text before taking
// their first job, so it goes out first.
func (s *service) Onboard(ctx context.Context, ev Onboarded) (db.Courier, error) {
	phone := normalisePhone(ev.Phone)
	if phone == "" {
		return db.Courier{}, apperr.Invalid("courier %s has no usable phone number", ev.DispatchCourierID)
	}
	if _, err := s.sms.Send(ctx, phone, notify.Welcome(ev.DisplayName)); err != nil {
		return db.Courier{}, fmt.Errorf("couriers: welcome sms: %w", err)
	}
	c, err := s.q.UpsertCourier(ctx, db.UpsertCourierParams{
		ID:                s.newID(),
		DispatchCourierID: ev.DispatchCourierID,
		DisplayName:       ev.DisplayName,
		PhoneE164:         phone,
		OnboardedAt:       ev.OnboardedAt,
	})
	if err != nil {
		return db.Courier{}, fmt.Errorf("couriers: upsert %s: %w", ev.DispatchCourierID, err)
	}
	s.log.Info("courier onboarded", "courier", c.ID, "dispatch_id", c.DispatchCourierID)
	return c, nil
}

// Offboard marks the courier as gone and refunds any equipment deposit.
func (s *service) Offboard(ctx context.Context, ev Offboarded) error {
	c, err := s.ByDispatchID(ctx, ev.DispatchCourierID)
	if err != nil {
		return err
	}
	n, err := s.q.MarkCourierOffboarded(ctx, db.MarkCourierOffboardedParams{
		ID:           c.ID,
		OffboardedAt: postgres.Timestamptz(ev.OffboardedAt),
	})
	if err != nil {
		return fmt.Errorf("couriers: offboard %s: %w", c.ID, err)
	}
	if n == 1 {
		s.log.Info("courier offboarded", "courier", c.ID, "reason", ev.Reason)
	}
	// The refund is tracked in its own row, so it is attempted on every
	// delivery until it has been paid.
	return s.deposits.RefundDeposit(ctx, c)
}

// SetPayoutAccount records the courier's Stripe connected account. Setting
// the same account again is a no-op.
func (s *service) SetPayoutAccount(ctx context.Context, id uuid.UUID, account string) (db.Courier, error) {
	if !strings.HasPrefix(account, "acct_") {
		return db.Courier{}, apperr.Invalid("stripe_account_id must be a connected account id")
	}
	c, err := s.q.SetCourierPayoutAccount(ctx, db.SetCourierPayoutAccountParams{
		ID:              id,
		StripeAccountID: postgres.Text(account),
	})
	if postgres.IsNoRows(err) {
		return db.Courier{}, apperr.NotFound("courier %s not found", id)
	}
	if postgres.IsUniqueViolation(err) {
		return db.Courier{}, apperr.Conflict("account %s belongs to another courier", account)
	}
	return c, err
}

// SyncStripeAccount applies an account.updated event. The event id is
// recorded in the same transaction as the change.
func (s *service) SyncStripeAccount(ctx context.Context, eventID, account string, payoutsEnabled bool) error {
	return s.tx.WithinTx(ctx, func(q *db.Queries) error {
		fresh, err := q.InsertStripeEvent(ctx, db.InsertStripeEventParams{EventID: eventID, Type: "account.updated"})
		if err != nil {
			return err
		}
		if fresh == 0 {
			return nil
		}
		n, err := q.SetPayoutsEnabledByAccount(ctx, db.SetPayoutsEnabledByAccountParams{
			StripeAccountID: postgres.Text(account),
			PayoutsEnabled:  payoutsEnabled,
		})
		if err != nil {
			return err
		}
		if n > 0 {
			s.log.Info("payouts capability changed", "account", account, "enabled", payoutsEnabled)
		}
		return nil
	})
}

func normalisePhone(p string) string {
	var b strings.Builder
	for i, r := range strings.TrimSpace(p) {
		switch {
		case r == '+' && i == 0:
			b.WriteRune(r)
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		}
	}
	out := b.String()
	if len(out) < 8 {
		return ""
	}
	if !strings.HasPrefix(out, "+") {
		out = "+1" + out
	}
	return out
}
