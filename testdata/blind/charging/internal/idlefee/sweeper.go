// Package idlefee bills drivers who leave their car plugged in after
// charging has finished.
package idlefee

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/voltway/charging/internal/payments"
	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/platform/ids"
	"github.com/voltway/charging/internal/platform/logx"
	"github.com/voltway/charging/internal/session"
	"github.com/voltway/charging/internal/tariff"
)

// Sessions is the subset of the session repo the sweeper uses.
type Sessions interface {
	ListIdle(ctx context.Context, q dbutil.Querier, limit int) ([]session.Session, error)
	GetDriver(ctx context.Context, q dbutil.Querier, id string) (session.Driver, error)
	MarkIdleFeeCharged(ctx context.Context, q dbutil.Querier, id string, at time.Time) error
}

// Tariffs is the subset of the tariff repo the sweeper uses.
type Tariffs interface {
	Current(ctx context.Context, q dbutil.Querier, tariffID string) (tariff.Version, error)
}

// Notifier tells the driver about the fee.
type Notifier interface {
	SMS(ctx context.Context, driverID, template string, params map[string]string, eventKey ...string) error
}

// Sweeper charges idle fees.
type Sweeper struct {
	db       *sql.DB
	sessions Sessions
	tariffs  Tariffs
	payments payments.Gateway
	notify   Notifier
	batch    int
}

// NewSweeper wires the sweeper.
func NewSweeper(db *sql.DB, s Sessions, t Tariffs, pg payments.Gateway, n Notifier) *Sweeper {
	return &Sweeper{db: db, sessions: s, tariffs: t, payments: pg, notify: n, batch: 50}
}

// chargeKey scopes a Stripe request to one sweep run.
func chargeKey(sessionID string, at time.Time) string {
	return fmt.Sprintf("idle:%s:%d", sessionID, at.Unix())
}

// Run bills every unplugged session with unbilled idle time.
func (w *Sweeper) Run(ctx context.Context, now time.Time) (int, error) {
	idle, err := w.sessions.ListIdle(ctx, w.db, w.batch)
	if err != nil {
		return 0, err
	}
	charged := 0
	for _, s := range idle {
		n, err := w.bill(ctx, s, now)
		if err != nil {
			logx.From(ctx).Error("idle fee failed", "session_id", s.ID, "err", err)
			continue
		}
		charged += n
	}
	return charged, nil
}

func (w *Sweeper) bill(ctx context.Context, s session.Session, now time.Time) (int, error) {
	tv, err := w.tariffs.Current(ctx, w.db, s.TariffID)
	if err != nil {
		return 0, err
	}
	minutes := int(s.UnpluggedAt.Time.Sub(s.IdleStartedAt.Time).Minutes())
	fee := tv.IdleFee(minutes)
	if fee == 0 {
		return 0, w.sessions.MarkIdleFeeCharged(ctx, w.db, s.ID, now)
	}
	driver, err := w.sessions.GetDriver(ctx, w.db, s.DriverID.String)
	if err != nil {
		return 0, err
	}
	intent, err := w.payments.Charge(ctx, payments.ChargeRequest{
		CustomerID:      driver.StripeCustomerID,
		PaymentMethodID: driver.DefaultPaymentMethod.String,
		AmountCents:     fee,
		Currency:        s.Currency,
		Description:     fmt.Sprintf("Idle fee, %d min", minutes),
		Metadata:        map[string]string{"session_id": s.ID, "kind": "idle_fee"},
		IdempotencyKey:  chargeKey(s.ID, now),
	})
	if err != nil {
		return 0, err
	}
	err = dbutil.WithTx(ctx, w.db, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO idle_fees (id, session_id, idle_minutes, amount_cents, payment_intent_id)
			VALUES (?, ?, ?, ?, ?)`, ids.NewULIDAt(now), s.ID, minutes, fee, intent.ID); err != nil {
			return err
		}
		return w.sessions.MarkIdleFeeCharged(ctx, tx, s.ID, now)
	})
	if err != nil {
		return 0, fmt.Errorf("record idle fee: %w", err)
	}
	amount := fmt.Sprintf("%.2f %s", float64(fee)/100, s.Currency)
	if err := w.notify.SMS(ctx, s.DriverID.String, "idle_fee",
		map[string]string{"amount": amount, "session": s.ID[:8]}, "idle", s.ID); err != nil {
		logx.From(ctx).Warn("idle fee sms not queued", "session_id", s.ID, "err", err)
	}
	return 1, nil
}
