// Package customers owns customer accounts and their credit balance.
package customers

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ErrNotFound is returned when no customer matches.
var ErrNotFound = errors.New("customer not found")

// Customer is a billing account.
type Customer struct {
	ID                   uuid.UUID `gorm:"type:uuid;primaryKey"`
	Email                string
	Name                 string
	Company              *string
	StripeCustomerID     *string
	DefaultPaymentMethod *string
	BalanceCents         int64
	APIKeyHash           *string
	CreatedAt            time.Time
	UpdatedAt            time.Time
}

// TableName implements gorm's tabler.
func (Customer) TableName() string { return "customers" }

// BeforeCreate assigns an id and normalises the email.
func (c *Customer) BeforeCreate(*gorm.DB) error {
	if c.ID == uuid.Nil {
		c.ID = uuid.New()
	}
	c.Email = NormalizeEmail(c.Email)
	return nil
}

// NormalizeEmail is the canonical form stored in customers.email.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// Repository is the customers aggregate store.
type Repository struct {
	db *gorm.DB
}

// NewRepository returns a Repository.
func NewRepository(db *gorm.DB) *Repository { return &Repository{db: db} }

// WithTx returns a repository bound to tx.
func (r *Repository) WithTx(tx *gorm.DB) *Repository { return &Repository{db: tx} }

// InsertIfAbsent inserts c unless a customer with the same email exists, and
// returns the stored row either way. created reports whether c was inserted.
func (r *Repository) InsertIfAbsent(ctx context.Context, c *Customer) (stored *Customer, created bool, err error) {
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "email"}}, DoNothing: true}).
		Create(c)
	if res.Error != nil {
		return nil, false, res.Error
	}
	if res.RowsAffected == 1 {
		return c, true, nil
	}
	existing, err := r.ByEmail(ctx, c.Email)
	return existing, false, err
}

// Get loads a customer by id.
func (r *Repository) Get(ctx context.Context, id uuid.UUID) (*Customer, error) {
	var c Customer
	err := r.db.WithContext(ctx).Where("id = ?", id).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &c, err
}

// ByEmail loads a customer by normalised email.
func (r *Repository) ByEmail(ctx context.Context, email string) (*Customer, error) {
	var c Customer
	err := r.db.WithContext(ctx).Where("email = ?", NormalizeEmail(email)).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &c, err
}

// IDByAPIKeyHash resolves an API key for authentication.
func (r *Repository) IDByAPIKeyHash(ctx context.Context, hash string) (uuid.UUID, error) {
	var c Customer
	err := r.db.WithContext(ctx).Select("id").Where("api_key_hash = ?", hash).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return uuid.Nil, ErrNotFound
	}
	return c.ID, err
}

// SetStripeCustomer records the Stripe customer id if none is set yet.
func (r *Repository) SetStripeCustomer(ctx context.Context, id uuid.UUID, ref string) error {
	return r.db.WithContext(ctx).Model(&Customer{}).
		Where("id = ? AND stripe_customer_id IS NULL", id).
		Updates(map[string]any{"stripe_customer_id": ref, "updated_at": time.Now().UTC()}).Error
}

// SetAPIKeyHash stores the hash of a newly issued API key.
func (r *Repository) SetAPIKeyHash(ctx context.Context, id uuid.UUID, hash string) error {
	return r.db.WithContext(ctx).Model(&Customer{}).Where("id = ?", id).
		Update("api_key_hash", hash).Error
}

// SetDefaultPaymentMethod stores the card used for off-session charges.
func (r *Repository) SetDefaultPaymentMethod(ctx context.Context, id uuid.UUID, pm string) error {
	return r.db.WithContext(ctx).Model(&Customer{}).Where("id = ?", id).
		Updates(map[string]any{"default_payment_method": pm, "updated_at": time.Now().UTC()}).Error
}

// AdjustBalance adds delta (which may be negative) to the credit balance.
func (r *Repository) AdjustBalance(ctx context.Context, id uuid.UUID, delta int64) error {
	res := r.db.WithContext(ctx).Model(&Customer{}).Where("id = ?", id).
		Updates(map[string]any{
			"balance_cents": gorm.Expr("balance_cents + ?", delta),
			"updated_at":    time.Now().UTC(),
		})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("adjust balance: %w", ErrNotFound)
	}
	return nil
}

// LockForUpdate loads a customer row with FOR UPDATE inside a transaction.
func (r *Repository) LockForUpdate(ctx context.Context, id uuid.UUID) (*Customer, error) {
	var c Customer
	err := r.db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &c, err
}

// ListBillable returns customers with at least one server, in id order.
func (r *Repository) ListBillable(ctx context.Context, after uuid.UUID, limit int) ([]Customer, error) {
	var out []Customer
	err := r.db.WithContext(ctx).
		Where("id > ? AND EXISTS (SELECT 1 FROM servers s WHERE s.customer_id = customers.id)", after).
		Order("id").Limit(limit).Find(&out).Error
	return out, err
}
