package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborlight-symphony/encore/internal/domain"
)

// Orders is the box-office repository: orders, tickets and performances.
type Orders struct {
	db *gorm.DB
}

func NewOrders(db *gorm.DB) *Orders { return &Orders{db: db} }

func (r *Orders) Performance(ctx context.Context, id string) (*domain.Performance, error) {
	return first[domain.Performance](ctx, r.db, domain.ErrNotFound, "id = ?", id)
}

func (r *Orders) Get(ctx context.Context, id string) (*domain.Order, error) {
	return first[domain.Order](ctx, r.db, domain.ErrNotFound, "id = ?", id)
}

func (r *Orders) Tickets(ctx context.Context, orderID string) ([]domain.Ticket, error) {
	var out []domain.Ticket
	err := r.db.WithContext(ctx).Where("order_id = ?", orderID).Order("seat_label").Find(&out).Error
	return out, err
}

// CreatePending stores a pending order and holds its seats. When an order
// with the same request key already exists it is returned instead and
// created is false.
func (r *Orders) CreatePending(ctx context.Context, o *domain.Order, tickets []domain.Ticket) (*domain.Order, bool, error) {
	var stored domain.Order
	created := false
	err := r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "request_key"}},
			DoNothing: true,
		}).Create(o)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return tx.Where("request_key = ?", *o.RequestKey).Take(&stored).Error
		}
		if err := tx.Create(&tickets).Error; err != nil {
			if IsUniqueViolation(err) {
				return domain.ErrSeatUnavailable
			}
			return err
		}
		created = true
		stored = *o
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	return &stored, created, nil
}

// MarkPaid flips a pending order to paid and its held tickets to sold.
func (r *Orders) MarkPaid(ctx context.Context, orderID, paymentIntentID string) error {
	return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Exec(`UPDATE orders SET status = 'paid', payment_intent_id = ?, updated_at = now()
		                 WHERE id = ? AND status = 'pending'`, paymentIntentID, orderID)
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		held := tx.Exec(`UPDATE tickets SET status = 'sold' WHERE order_id = ? AND status = 'held'`, orderID)
		if held.Error != nil {
			return held.Error
		}
		return tx.Exec(`UPDATE performances p SET sold_count = sold_count + ?
		                  FROM orders o WHERE o.id = ? AND p.id = o.performance_id`,
			held.RowsAffected, orderID).Error
	})
}

// MarkFailed releases the seats of a pending order whose card was declined.
func (r *Orders) MarkFailed(ctx context.Context, orderID string) error {
	return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec(`UPDATE orders SET status = 'failed', updated_at = now()
		                    WHERE id = ? AND status = 'pending'`, orderID).Error; err != nil {
			return err
		}
		return tx.Exec(`DELETE FROM tickets WHERE order_id = ? AND status = 'held'`, orderID).Error
	})
}

// ExchangeForCredit turns the sold tickets on an order into an exchange
// credit. Calling it again for the same order returns the same credit.
func (r *Orders) ExchangeForCredit(ctx context.Context, orderID, creditID string, expiresAt time.Time) (*domain.ExchangeCredit, error) {
	return inTx(ctx, r.db, func(tx *gorm.DB) (*domain.ExchangeCredit, error) {
		var o domain.Order
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", orderID).Take(&o).Error; err != nil {
			if IsNotFound(err) {
				return nil, domain.ErrNotFound
			}
			return nil, err
		}
		var value int64
		if err := tx.Raw(`
			WITH swapped AS (
			    UPDATE tickets SET status = 'exchanged'
			     WHERE order_id = ? AND status = 'sold'
			 RETURNING price_cents)
			SELECT COALESCE(SUM(price_cents), 0) FROM swapped`, orderID).Scan(&value).Error; err != nil {
			return nil, err
		}
		if value == 0 {
			var existing domain.ExchangeCredit
			if err := tx.Where("source_order_id = ?", orderID).Take(&existing).Error; err != nil {
				if IsNotFound(err) {
					return nil, fmt.Errorf("%w: order has no exchangeable tickets", domain.ErrConflict)
				}
				return nil, err
			}
			return &existing, nil
		}
		var credit domain.ExchangeCredit
		if err := tx.Raw(`
			INSERT INTO exchange_credits (id, patron_id, source_order_id, original_cents, remaining_cents, expires_at)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (source_order_id) DO UPDATE
			   SET original_cents  = exchange_credits.original_cents + EXCLUDED.original_cents,
			       remaining_cents = exchange_credits.remaining_cents + EXCLUDED.remaining_cents,
			       updated_at      = now()
			RETURNING *`, creditID, o.PatronID, orderID, value, value, expiresAt).Scan(&credit).Error; err != nil {
			return nil, err
		}
		if err := tx.Exec(`UPDATE orders SET status = 'exchanged', updated_at = now() WHERE id = ?`, orderID).Error; err != nil {
			return nil, err
		}
		if err := tx.Exec(`UPDATE performances SET sold_count = sold_count - (
		                        SELECT count(*) FROM tickets WHERE order_id = ? AND status = 'exchanged')
		                    WHERE id = ?`, orderID, o.PerformanceID).Error; err != nil {
			return nil, err
		}
		return &credit, nil
	})
}

// CreateFromCredit writes an order paid for with exchange credit, its
// tickets and the redemption row.
func (r *Orders) CreateFromCredit(ctx context.Context, o *domain.Order, tickets []domain.Ticket, red *domain.CreditRedemption) error {
	return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(o).Error; err != nil {
			return err
		}
		if err := tx.Create(&tickets).Error; err != nil {
			if IsUniqueViolation(err) {
				return domain.ErrSeatUnavailable
			}
			return err
		}
		if err := tx.Create(red).Error; err != nil {
			return err
		}
		return tx.Exec(`UPDATE performances SET sold_count = sold_count + ? WHERE id = ?`,
			len(tickets), o.PerformanceID).Error
	})
}

// TicketHolders lists patrons holding live tickets for a performance.
func (r *Orders) TicketHolders(ctx context.Context, performanceID string) ([]domain.TicketHolder, error) {
	var out []domain.TicketHolder
	err := r.db.WithContext(ctx).Raw(`
		SELECT p.id AS patron_id, p.full_name, p.email, p.phone, count(*) AS seats
		  FROM tickets t
		  JOIN orders o ON o.id = t.order_id
		  JOIN patrons p ON p.id = o.patron_id
		 WHERE t.performance_id = ? AND t.status IN ('sold', 'scanned')
		 GROUP BY p.id, p.full_name, p.email, p.phone
		 ORDER BY p.id`, performanceID).Scan(&out).Error
	return out, err
}

// Credits is the repository for exchange credits.
type Credits struct {
	db *gorm.DB
}

func NewCredits(db *gorm.DB) *Credits { return &Credits{db: db} }

func (r *Credits) Get(ctx context.Context, id string) (*domain.ExchangeCredit, error) {
	return first[domain.ExchangeCredit](ctx, r.db, domain.ErrNotFound, "id = ?", id)
}

// Debit takes amount off the credit's balance if enough remains.
func (r *Credits) Debit(ctx context.Context, id string, amount int64) error {
	res := r.db.WithContext(ctx).Exec(`
		UPDATE exchange_credits
		   SET remaining_cents = remaining_cents - ?, updated_at = now()
		 WHERE id = ? AND remaining_cents >= ? AND expires_at > now()`, amount, id, amount)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrInsufficientFunds
	}
	return nil
}
