package loyalty

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/ridgeline-coffee/roastery/internal/db"
	"github.com/ridgeline-coffee/roastery/internal/events"
	"github.com/ridgeline-coffee/roastery/internal/ids"
	"github.com/ridgeline-coffee/roastery/internal/models"
)

const (
	pointsPerDollar = 1
	deliveryBonus   = 25

	chargeConsumer = "loyalty.subscription_charged"
)

// Awarder credits points from internal events.
type Awarder struct {
	db        *gorm.DB
	processed *db.Repo[models.ProcessedMessage]
	log       *slog.Logger
}

// NewAwarder returns an Awarder.
func NewAwarder(gdb *gorm.DB, log *slog.Logger) *Awarder {
	return &Awarder{db: gdb, processed: db.NewRepo[models.ProcessedMessage](gdb), log: log.With("component", "loyalty-awards")}
}

// credit adds points to the account inside tx, opening it if needed.
func credit(tx *gorm.DB, customerID uuid.UUID, points int) error {
	return tx.Exec(`INSERT INTO loyalty_accounts (customer_id, balance_points, lifetime_points)
		VALUES (?, ?, ?)
		ON CONFLICT (customer_id) DO UPDATE
		   SET balance_points  = loyalty_accounts.balance_points + EXCLUDED.balance_points,
		       lifetime_points = loyalty_accounts.lifetime_points + EXCLUDED.lifetime_points,
		       updated_at      = now()`, customerID, points, points).Error
}

// HandleSubscriptionCharged awards points for a paid month.
func (a *Awarder) HandleSubscriptionCharged(ctx context.Context, env events.Envelope) error {
	seen, err := a.processed.Exists(ctx, "consumer = ? AND message_id = ?", chargeConsumer, env.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	var ev events.ChargeSucceeded
	if err := env.Decode(&ev); err != nil {
		return fmt.Errorf("%w: %v", events.ErrDrop, err)
	}
	customerID, err := uuid.Parse(ev.CustomerID)
	if err != nil {
		return fmt.Errorf("%w: customer id: %v", events.ErrDrop, err)
	}
	points := int(ev.AmountCents/100) * pointsPerDollar

	err = a.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&models.LoyaltyLedgerEntry{
			ID:         ids.UUID(),
			CustomerID: customerID,
			Source:     models.LoyaltySourceSubscription,
			SourceID:   ev.SubscriptionID,
			Points:     points,
		}).Error; err != nil {
			return err
		}
		return credit(tx, customerID, points)
	})
	if err != nil {
		return err
	}

	return a.processed.Create(ctx, &models.ProcessedMessage{Consumer: chargeConsumer, MessageID: env.ID})
}

// HandleShipmentDelivered awards the delivery bonus once per shipment.
func (a *Awarder) HandleShipmentDelivered(ctx context.Context, env events.Envelope) error {
	var ev events.Delivered
	if err := env.Decode(&ev); err != nil {
		return fmt.Errorf("%w: %v", events.ErrDrop, err)
	}
	if ev.Kind == models.ShipmentWholesale || ev.CustomerID == "" {
		return nil
	}
	customerID, err := uuid.Parse(ev.CustomerID)
	if err != nil {
		return fmt.Errorf("%w: customer id: %v", events.ErrDrop, err)
	}

	return a.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Exec(`INSERT INTO loyalty_ledger (id, customer_id, source, source_id, points)
			VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (source, source_id) WHERE source = 'delivery' DO NOTHING`,
			ids.UUID(), customerID, models.LoyaltySourceDelivery, ev.ShipmentID, deliveryBonus)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return credit(tx, customerID, deliveryBonus)
	})
}
