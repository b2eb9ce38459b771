package cod

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/idgen"
	"github.com/quaymile/dispatch/internal/platform/kafkabus"
)

// TopicCashCollected is produced by the courier-app gateway when a courier
// records cash taken at the door.
const TopicCashCollected = "courier.cash.collected"

// CashCollected is the message on TopicCashCollected.
type CashCollected struct {
	DeviceEventID string    `json:"device_event_id"`
	OrderID       string    `json:"order_id"`
	CourierID     string    `json:"courier_id"`
	AmountCents   int64     `json:"amount_cents"`
	Currency      string    `json:"currency"`
	Method        string    `json:"method"`
	CollectedAt   time.Time `json:"collected_at"`
}

// CollectionService records cash collections.
type CollectionService struct {
	tx          database.Transactor
	db          *gorm.DB
	collections *database.Repo[domain.CODCollection]
	obligations *ObligationStore
}

// NewCollectionService builds a CollectionService.
func NewCollectionService(tx database.Transactor, db *gorm.DB, obligations *ObligationStore) *CollectionService {
	return &CollectionService{
		tx:          tx,
		db:          db,
		collections: database.NewRepo[domain.CODCollection](db),
		obligations: obligations,
	}
}

// HandleCashCollected is the Kafka handler for TopicCashCollected.
func (s *CollectionService) HandleCashCollected(ctx context.Context, msg kafkabus.Message) error {
	var m CashCollected
	if err := json.Unmarshal(msg.Value, &m); err != nil {
		return fmt.Errorf("decode cash collected: %v: %w", err, kafkabus.ErrPoison)
	}
	if m.AmountCents <= 0 {
		return fmt.Errorf("non-positive collection on %s: %w", m.OrderID, kafkabus.ErrPoison)
	}
	return s.Record(ctx, m)
}

// Record stores one collection and adds it to the courier's cash balance.
// Recipients sometimes pay in two parts (cash plus card top-up), so an order
// may have several collections.
func (s *CollectionService) Record(ctx context.Context, m CashCollected) error {
	ob, err := s.obligations.Get(ctx, m.OrderID)
	if errors.Is(err, database.ErrNotFound) {
		// The delivered event that opens the obligation may still be in
		// flight; let the message come back.
		return fmt.Errorf("no cod obligation yet for %s", m.OrderID)
	}
	if err != nil {
		return err
	}
	c := &domain.CODCollection{
		ID:          idgen.NewCollectionID(),
		OrderID:     m.OrderID,
		CourierID:   m.CourierID,
		MerchantID:  ob.MerchantID,
		AmountCents: m.AmountCents,
		Currency:    m.Currency,
		Method:      m.Method,
		Status:      "collected",
		CollectedAt: m.CollectedAt,
	}
	return s.tx.WithinTransaction(ctx, func(txCtx context.Context) error {
		if err := s.collections.Create(txCtx, c); err != nil {
			return fmt.Errorf("insert collection: %w", err)
		}
		if err := database.Conn(txCtx, s.db).Exec(`
			INSERT INTO courier_cash_balances (courier_id, balance_cents, updated_at)
			VALUES (?, ?, now())
			ON CONFLICT (courier_id) DO UPDATE
			SET balance_cents = courier_cash_balances.balance_cents + EXCLUDED.balance_cents,
			    updated_at = now()`, m.CourierID, m.AmountCents).Error; err != nil {
			return err
		}
		return s.obligations.MarkCollected(txCtx, m.OrderID)
	})
}
