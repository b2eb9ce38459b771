package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/gridwise-energy/energysettle/internal/model"
)

// BillingStore persists accounts, invoices and everything that moves an
// invoice balance.
type BillingStore struct {
	db *gorm.DB
	*MarketStore
}

// NewBillingStore binds a BillingStore to a handle.
func NewBillingStore(db *gorm.DB) *BillingStore {
	return &BillingStore{db: db, MarketStore: NewMarketStore(db)}
}

// GetAccount loads an account.
func (s *BillingStore) GetAccount(ctx context.Context, id string) (*model.Account, error) {
	var a model.Account
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&a).Error; err != nil {
		return nil, notFound(err)
	}
	return &a, nil
}

// GetTariff loads a tariff.
func (s *BillingStore) GetTariff(ctx context.Context, code string) (*model.Tariff, error) {
	var t model.Tariff
	if err := s.db.WithContext(ctx).Where("code = ?", code).Take(&t).Error; err != nil {
		return nil, notFound(err)
	}
	return &t, nil
}

// InsertInvoice creates the invoice for (account, period start) unless one
// exists. It reports whether this call created it.
func (s *BillingStore) InsertInvoice(ctx context.Context, inv *model.Invoice) (bool, error) {
	res := s.db.WithContext(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "account_id"}, {Name: "period_start"}},
			DoNothing: true,
		}).
		Create(inv)
	return res.RowsAffected == 1, res.Error
}

// FindInvoiceByPeriod loads the invoice for (account, period start).
func (s *BillingStore) FindInvoiceByPeriod(ctx context.Context, accountID string, periodStart time.Time) (*model.Invoice, error) {
	var inv model.Invoice
	err := s.db.WithContext(ctx).
		Where("account_id = ? AND period_start = ?", accountID, periodStart).
		Take(&inv).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &inv, nil
}

// InsertInvoiceLines writes the lines of a new invoice.
func (s *BillingStore) InsertInvoiceLines(ctx context.Context, lines []model.InvoiceLine) error {
	if len(lines) == 0 {
		return nil
	}
	return s.db.WithContext(ctx).Create(&lines).Error
}

// GetInvoice loads an invoice.
func (s *BillingStore) GetInvoice(ctx context.Context, id string) (*model.Invoice, error) {
	var inv model.Invoice
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&inv).Error; err != nil {
		return nil, notFound(err)
	}
	return &inv, nil
}

// GetInvoiceForUpdate loads an invoice and locks the row for the rest of
// the transaction.
func (s *BillingStore) GetInvoiceForUpdate(ctx context.Context, id string) (*model.Invoice, error) {
	var inv model.Invoice
	err := s.db.WithContext(ctx).
		Clauses(clause.Locking{Strength: "UPDATE"}).
		Where("id = ?", id).Take(&inv).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &inv, nil
}

// TransitionInvoiceStatus moves an invoice from one status to another and
// returns the number of rows changed (zero if it was not in `from`).
func (s *BillingStore) TransitionInvoiceStatus(ctx context.Context, id, from, to string) (int64, error) {
	res := s.db.WithContext(ctx).Model(&model.Invoice{}).
		Where("id = ? AND status = ?", id, from).
		Updates(map[string]any{"status": to, "updated_at": time.Now().UTC()})
	return res.RowsAffected, res.Error
}

// AdjustBalance adds delta (negative for credits) to an invoice balance.
func (s *BillingStore) AdjustBalance(ctx context.Context, id string, delta int64) error {
	return s.db.WithContext(ctx).Model(&model.Invoice{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"balance_pence": gorm.Expr("balance_pence + ?", delta),
			"updated_at":    time.Now().UTC(),
		}).Error
}

// InsertCreditNote stores a credit note.
func (s *BillingStore) InsertCreditNote(ctx context.Context, cn *model.CreditNote) error {
	return s.db.WithContext(ctx).Create(cn).Error
}

// InsertLateFee charges the late fee for an invoice once.
func (s *BillingStore) InsertLateFee(ctx context.Context, fee *model.LateFee) (bool, error) {
	res := s.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "invoice_id"}}, DoNothing: true}).
		Create(fee)
	return res.RowsAffected == 1, res.Error
}

// InsertManualAdjustment stores a manual adjustment.
func (s *BillingStore) InsertManualAdjustment(ctx context.Context, a *model.ManualAdjustment) error {
	return s.db.WithContext(ctx).Create(a).Error
}

// OverdueCandidates lists unpaid invoices past their due date plus grace.
func (s *BillingStore) OverdueCandidates(ctx context.Context, asOf time.Time, limit int) ([]model.Invoice, error) {
	var out []model.Invoice
	err := s.db.WithContext(ctx).
		Where("status = ? AND due_date < ?", model.InvoiceUnpaid, asOf).
		Order("due_date").Limit(limit).
		Find(&out).Error
	return out, err
}

// IdempotencyStore persists admin idempotency records.
type IdempotencyStore struct {
	db *gorm.DB
}

// NewIdempotencyStore binds an IdempotencyStore to a handle.
func NewIdempotencyStore(db *gorm.DB) *IdempotencyStore { return &IdempotencyStore{db: db} }

// FindKey loads the stored response for (scope, key).
func (s *IdempotencyStore) FindKey(ctx context.Context, scope, key string) (*model.IdempotencyKey, error) {
	var k model.IdempotencyKey
	err := s.db.WithContext(ctx).Where("scope = ? AND key = ?", scope, key).Take(&k).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &k, nil
}

// ClaimKey inserts the record if (scope, key) is unused and reports whether
// it did. The caller fills in the response before the transaction commits.
func (s *IdempotencyStore) ClaimKey(ctx context.Context, k *model.IdempotencyKey) (bool, error) {
	res := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(k)
	return res.RowsAffected == 1, res.Error
}

// CompleteKey stores the response of a claimed key.
func (s *IdempotencyStore) CompleteKey(ctx context.Context, scope, key string, status int, body []byte) error {
	return s.db.WithContext(ctx).Model(&model.IdempotencyKey{}).
		Where("scope = ? AND key = ?", scope, key).
		Updates(map[string]any{"status_code": status, "response_body": body}).Error
}

// SaveKey stores a complete record, replacing any earlier one for the key.
func (s *IdempotencyStore) SaveKey(ctx context.Context, k *model.IdempotencyKey) error {
	return s.db.WithContext(ctx).
		Clauses(clause.OnConflict{UpdateAll: true}).
		Create(k).Error
}

// BillingTx is the repository set used by billing operations that also
// record an idempotency key in the same transaction.
type BillingTx struct {
	*BillingStore
	*IdempotencyStore
}

// NewBillingTx binds a BillingTx to a handle.
func NewBillingTx(db *gorm.DB) *BillingTx {
	return &BillingTx{BillingStore: NewBillingStore(db), IdempotencyStore: NewIdempotencyStore(db)}
}
