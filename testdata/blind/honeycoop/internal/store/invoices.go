package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type InvoiceRepo struct {
	db *DB
}

func NewInvoiceRepo(db *DB) *InvoiceRepo { return &InvoiceRepo{db: db} }

func (r *InvoiceRepo) NextNumber(ctx context.Context) (string, error) {
	var n int64
	if err := r.db.Conn(ctx).Raw(`SELECT nextval('invoice_number_seq')`).Scan(&n).Error; err != nil {
		return "", err
	}
	return fmt.Sprintf("HC-%06d", n), nil
}

func (r *InvoiceRepo) Create(ctx context.Context, inv *Invoice) error {
	return r.db.Conn(ctx).Create(inv).Error
}

func (r *InvoiceRepo) Get(ctx context.Context, id string) (*Invoice, error) {
	var inv Invoice
	if err := r.db.Conn(ctx).Where("id = ?", id).Take(&inv).Error; err != nil {
		return nil, notFound(err)
	}
	return &inv, nil
}

func (r *InvoiceRepo) GetByNumber(ctx context.Context, number string) (*Invoice, error) {
	var inv Invoice
	if err := r.db.Conn(ctx).Where("number = ?", number).Take(&inv).Error; err != nil {
		return nil, notFound(err)
	}
	return &inv, nil
}

func (r *InvoiceRepo) MarkSubmitted(ctx context.Context, id, networkRef string) error {
	return r.db.Conn(ctx).Model(&Invoice{}).Where("id = ?", id).
		Updates(map[string]any{"status": "submitted", "network_ref": networkRef}).Error
}

// RecordDelivery stores the network's delivery receipt for a document.
func (r *InvoiceRepo) RecordDelivery(ctx context.Context, documentID, invoiceID, channel string, at time.Time) error {
	return r.db.Gorm().WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Exec(`INSERT INTO invoice_deliveries (document_id, invoice_id, channel, delivered_at)
		                VALUES (?, ?, ?, ?)`, documentID, invoiceID, channel, at).Error
		if err != nil {
			return fmt.Errorf("insert delivery %s: %w", documentID, err)
		}
		return tx.Model(&Invoice{}).
			Where("id = ? AND status = ?", invoiceID, "submitted").
			Update("status", "delivered").Error
	})
}

// MarkPaid records payment of an invoice once.
func (r *InvoiceRepo) MarkPaid(ctx context.Context, id string, at time.Time) (bool, error) {
	res := r.db.Conn(ctx).Model(&Invoice{}).
		Where("id = ? AND paid_at IS NULL", id).
		Updates(map[string]any{"status": "paid", "paid_at": at})
	return res.RowsAffected == 1, res.Error
}

// EnsureCreditNote inserts a credit note unless its number exists; cn is
// overwritten with the stored row.
func (r *InvoiceRepo) EnsureCreditNote(ctx context.Context, cn *CreditNote) error {
	err := r.db.Conn(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "number"}}, DoNothing: true}).
		Create(cn).Error
	if err != nil {
		return err
	}
	return r.db.Conn(ctx).Where("number = ?", cn.Number).Take(cn).Error
}

func (r *InvoiceRepo) MarkCreditNoteSubmitted(ctx context.Context, id, networkRef string) error {
	return r.db.Conn(ctx).Model(&CreditNote{}).Where("id = ?", id).
		Updates(map[string]any{"status": "submitted", "network_ref": networkRef}).Error
}
