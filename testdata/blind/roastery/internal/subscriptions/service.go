// Package subscriptions manages consumer bean subscriptions: sign-up with
// the first box charged immediately, and the monthly billing run.
package subscriptions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/ridgeline-coffee/roastery/internal/db"
	"github.com/ridgeline-coffee/roastery/internal/ids"
	"github.com/ridgeline-coffee/roastery/internal/models"
	"github.com/ridgeline-coffee/roastery/internal/providers/httpx"
	"github.com/ridgeline-coffee/roastery/internal/providers/payments"
)

// Errors returned to the API layer.
var (
	ErrInvalid           = errors.New("subscriptions: invalid request")
	ErrKeyRequired       = errors.New("subscriptions: Idempotency-Key header is required")
	ErrAlreadySubscribed = errors.New("subscriptions: customer already subscribed to this coffee")
	ErrPaymentDeclined   = errors.New("subscriptions: payment declined")
)

// retailMarkupPct converts wholesale bag prices to subscriber prices.
const retailMarkupPct = 160

// Service is used by the HTTP handlers.
type Service interface {
	Subscribe(ctx context.Context, req SubscribeRequest) (*models.Subscription, error)
}

// SubscribeRequest signs a customer up.
type SubscribeRequest struct {
	IdempotencyKey  string          `json:"-"`
	Email           string          `json:"email"`
	Name            string          `json:"name"`
	PaymentMethodID string          `json:"payment_method_id"`
	SKU             string          `json:"sku"`
	BagsPerMonth    int             `json:"bags_per_month"`
	ShippingAddress json.RawMessage `json:"shipping_address"`
}

func (r SubscribeRequest) validate() error {
	if r.IdempotencyKey == "" {
		return ErrKeyRequired
	}
	if _, err := mail.ParseAddress(r.Email); err != nil {
		return fmt.Errorf("%w: email", ErrInvalid)
	}
	if r.Name == "" || r.PaymentMethodID == "" || r.SKU == "" || len(r.ShippingAddress) == 0 {
		return fmt.Errorf("%w: name, payment_method_id, sku and shipping_address are required", ErrInvalid)
	}
	if r.BagsPerMonth < 1 || r.BagsPerMonth > 6 {
		return fmt.Errorf("%w: bags_per_month must be between 1 and 6", ErrInvalid)
	}
	return nil
}

type service struct {
	db       *gorm.DB
	subs     *db.Repo[models.Subscription]
	payments payments.Gateway
	log      *slog.Logger
}

// NewService returns the subscription service.
func NewService(gdb *gorm.DB, pg payments.Gateway, log *slog.Logger) Service {
	return &service{
		db:       gdb,
		subs:     db.NewRepo[models.Subscription](gdb),
		payments: pg,
		log:      log.With("component", "subscriptions"),
	}
}

// Subscribe creates (or finds, for a repeated Idempotency-Key) the
// subscription and charges the first box.
func (s *service) Subscribe(ctx context.Context, req SubscribeRequest) (*models.Subscription, error) {
	if err := req.validate(); err != nil {
		return nil, err
	}

	var sub models.Subscription
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var inv models.RoastedInventory
		if err := tx.First(&inv, "sku = ?", req.SKU).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return fmt.Errorf("%w: unknown sku %s", ErrInvalid, req.SKU)
			}
			return err
		}

		var customerID uuid.UUID
		if err := tx.Raw(`INSERT INTO customers (id, email, name, payment_method_id)
			VALUES (?, ?, ?, ?)
			ON CONFLICT (email) DO UPDATE
			   SET name = EXCLUDED.name, payment_method_id = EXCLUDED.payment_method_id
			RETURNING id`,
			ids.UUID(), req.Email, req.Name, req.PaymentMethodID).Scan(&customerID).Error; err != nil {
			return err
		}

		candidate := models.Subscription{
			ID:              ids.New("sub"),
			CustomerID:      customerID,
			RequestKey:      req.IdempotencyKey,
			SKU:             req.SKU,
			BagsPerMonth:    req.BagsPerMonth,
			PriceCents:      int64(req.BagsPerMonth) * inv.WholesalePriceCents * retailMarkupPct / 100,
			ShippingAddress: string(req.ShippingAddress),
			Status:          models.SubPending,
			NextChargeAt:    time.Now().UTC(),
		}
		if err := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "request_key"}},
			DoNothing: true,
		}).Create(&candidate).Error; err != nil {
			if db.IsDuplicate(err) {
				return ErrAlreadySubscribed
			}
			return err
		}
		return tx.First(&sub, "request_key = ?", req.IdempotencyKey).Error
	})
	if err != nil {
		return nil, err
	}
	if sub.Status != models.SubPending {
		return &sub, nil
	}

	charge, err := httpx.RetryValue(ctx, func() (*payments.Charge, error) {
		return s.payments.Charge(ctx, payments.ChargeRequest{
			CustomerRef:     sub.CustomerID.String(),
			PaymentMethodID: req.PaymentMethodID,
			AmountCents:     sub.PriceCents,
			Description:     "Ridgeline subscription - first box",
			Metadata:        map[string]string{"subscription_id": sub.ID},
			IdempotencyKey:  "sub-first-" + sub.RequestKey,
		})
	})
	if err != nil {
		return nil, fmt.Errorf("subscriptions: first charge: %w", err)
	}

	if !charge.Succeeded() {
		if _, err := s.subs.UpdateWhere(ctx, map[string]any{"status": models.SubPaymentFailed},
			"id = ? AND status = ?", sub.ID, models.SubPending); err != nil {
			s.log.Warn("mark payment failed", "subscription_id", sub.ID, "err", err)
		}
		return nil, fmt.Errorf("%w: %s", ErrPaymentDeclined, charge.FailureReason)
	}

	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&models.Subscription{}).
			Where("id = ? AND status = ?", sub.ID, models.SubPending).
			Updates(map[string]any{
				"status":          models.SubActive,
				"first_charge_id": charge.ID,
				"next_charge_at":  sub.NextChargeAt.AddDate(0, 1, 0),
			}).Error; err != nil {
			return err
		}
		return tx.Exec(`INSERT INTO loyalty_accounts (customer_id) VALUES (?) ON CONFLICT (customer_id) DO NOTHING`,
			sub.CustomerID).Error
	})
	if err != nil {
		return nil, err
	}
	return s.subs.Get(ctx, sub.ID)
}
