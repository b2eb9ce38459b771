package subscriptions

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/ridgeline-coffee/roastery/internal/events"
	"github.com/ridgeline-coffee/roastery/internal/ids"
	"github.com/ridgeline-coffee/roastery/internal/models"
	"github.com/ridgeline-coffee/roastery/internal/providers/httpx"
	"github.com/ridgeline-coffee/roastery/internal/providers/payments"
)

// Biller runs the monthly subscription charge.
type Biller struct {
	db       *gorm.DB
	payments payments.Gateway
	log      *slog.Logger
	now      func() time.Time
	batch    int
}

// BillerOption customises a Biller.
type BillerOption func(*Biller)

// WithClock overrides time.Now, for backfills.
func WithClock(now func() time.Time) BillerOption { return func(b *Biller) { b.now = now } }

// WithBatchSize limits how many subscriptions one run charges.
func WithBatchSize(n int) BillerOption { return func(b *Biller) { b.batch = n } }

// NewBiller returns a Biller.
func NewBiller(gdb *gorm.DB, pg payments.Gateway, log *slog.Logger, opts ...BillerOption) *Biller {
	b := &Biller{db: gdb, payments: pg, log: log.With("component", "billing"), now: time.Now, batch: 500}
	for _, o := range opts {
		o(b)
	}
	return b
}

// RunSummary reports one billing run.
type RunSummary struct {
	Due       int
	Succeeded int
	Declined  int
	Errored   int
}

// Run charges every active subscription whose next charge is due.
func (b *Biller) Run(ctx context.Context) (RunSummary, error) {
	var due []models.Subscription
	if err := b.db.WithContext(ctx).
		Where("status = ? AND next_charge_at <= ?", models.SubActive, b.now().UTC()).
		Order("next_charge_at").Limit(b.batch).Find(&due).Error; err != nil {
		return RunSummary{}, err
	}
	sum := RunSummary{Due: len(due)}
	for _, sub := range due {
		if ctx.Err() != nil {
			break
		}
		ok, err := b.chargeOne(ctx, sub)
		switch {
		case err != nil:
			sum.Errored++
			b.log.Error("charge subscription", "subscription_id", sub.ID, "err", err)
		case ok:
			sum.Succeeded++
		default:
			sum.Declined++
		}
	}
	return sum, nil
}

// chargeOne bills one period. The charge row is keyed by (subscription,
// period) so a rerun of the job finds the row it created before.
func (b *Biller) chargeOne(ctx context.Context, sub models.Subscription) (bool, error) {
	period := sub.NextChargeAt.UTC().Format("2006-01")

	pending := models.SubscriptionCharge{
		ID:             ids.New("sch"),
		SubscriptionID: sub.ID,
		Period:         period,
		AmountCents:    sub.PriceCents,
		Status:         models.ChargePending,
	}
	if err := b.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "subscription_id"}, {Name: "period"}},
		DoNothing: true,
	}).Create(&pending).Error; err != nil {
		return false, err
	}
	var row models.SubscriptionCharge
	if err := b.db.WithContext(ctx).First(&row, "subscription_id = ? AND period = ?", sub.ID, period).Error; err != nil {
		return false, err
	}
	if row.Status != models.ChargePending {
		return row.Status == models.ChargeSucceeded, nil
	}

	var customer models.Customer
	if err := b.db.WithContext(ctx).First(&customer, "id = ?", sub.CustomerID).Error; err != nil {
		return false, err
	}

	var charge *payments.Charge
	err := httpx.Retry(ctx, func() error {
		c, err := b.payments.Charge(ctx, payments.ChargeRequest{
			CustomerRef:     customer.ID.String(),
			PaymentMethodID: customer.PaymentMethodID,
			AmountCents:     row.AmountCents,
			Description:     fmt.Sprintf("Ridgeline subscription %s", period),
			Metadata:        map[string]string{"subscription_id": sub.ID, "period": period},
			IdempotencyKey:  uuid.NewString(),
		})
		if err != nil {
			return err
		}
		charge = c
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("billing: charge %s: %w", row.ID, err)
	}

	if !charge.Succeeded() {
		reason := charge.FailureReason
		return false, b.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := tx.Model(&models.SubscriptionCharge{}).Where("id = ?", row.ID).
				Updates(map[string]any{"status": models.ChargeFailed, "failure_reason": reason, "provider_charge_id": charge.ID}).Error; err != nil {
				return err
			}
			return tx.Model(&models.Subscription{}).Where("id = ?", sub.ID).
				Update("status", models.SubPaymentFailed).Error
		})
	}

	err = b.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&models.SubscriptionCharge{}).
			Where("id = ? AND status = ?", row.ID, models.ChargePending).
			Updates(map[string]any{"status": models.ChargeSucceeded, "provider_charge_id": charge.ID})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return errors.New("billing: charge row changed underneath us")
		}
		if err := tx.Model(&models.Subscription{}).Where("id = ?", sub.ID).
			Update("next_charge_at", sub.NextChargeAt.AddDate(0, 1, 0)).Error; err != nil {
			return err
		}
		chargeID := row.ID
		box := models.Shipment{
			ID:                   ids.New("shp"),
			Kind:                 models.ShipmentSubscription,
			SubscriptionChargeID: &chargeID,
			RecipientName:        customer.Name,
			RecipientEmail:       customer.Email,
			AddressJSON:          sub.ShippingAddress,
			CustomerID:           &customer.ID,
			Status:               models.ShipPending,
		}
		if err := tx.Create(&box).Error; err != nil {
			return err
		}
		return events.Enqueue(tx, events.SubscriptionCharged, events.ChargeSucceeded{
			ChargeID:       row.ID,
			SubscriptionID: sub.ID,
			CustomerID:     customer.ID.String(),
			AmountCents:    row.AmountCents,
			Period:         period,
		})
	})
	return err == nil, err
}
