package repo

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
)

// CreditNoteRepo persists supplier credit notes.
type CreditNoteRepo interface {
	WithTx(tx *sql.Tx) CreditNoteRepo
	Insert(ctx context.Context, cn *domain.CreditNote, sourceEventID string) error
	Get(ctx context.Context, tenantID, id string) (domain.CreditNote, error)
}

type creditNoteRepo struct{ base }

// NewCreditNoteRepo returns a CreditNoteRepo.
func NewCreditNoteRepo(db *sql.DB) CreditNoteRepo { return &creditNoteRepo{base{db}} }

func (r *creditNoteRepo) WithTx(tx *sql.Tx) CreditNoteRepo { return &creditNoteRepo{base{tx}} }

const insertCreditNoteSQL = `
INSERT INTO credit_notes
    (id, tenant_id, supplier_id, invoice_id, credit_note_number, amount_minor, currency, reason, source_event_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
RETURNING created_at`

func (r *creditNoteRepo) Insert(ctx context.Context, cn *domain.CreditNote, sourceEventID string) error {
	err := r.db.QueryRowContext(ctx, insertCreditNoteSQL,
		cn.ID, cn.TenantID, cn.SupplierID, nullString(cn.InvoiceID), cn.Number,
		cn.AmountMinor, cn.Currency, cn.Reason, nullString(sourceEventID),
	).Scan(&cn.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert credit note %s: %w", cn.Number, err)
	}
	return nil
}

func (r *creditNoteRepo) Get(ctx context.Context, tenantID, id string) (domain.CreditNote, error) {
	var (
		cn  domain.CreditNote
		inv sql.NullString
	)
	err := r.sel("id", "tenant_id", "supplier_id", "invoice_id", "credit_note_number", "amount_minor",
		"currency", "reason", "created_at").From("credit_notes").
		Where("tenant_id = ? AND id = ?", tenantID, id).QueryRowContext(ctx).
		Scan(&cn.ID, &cn.TenantID, &cn.SupplierID, &inv, &cn.Number, &cn.AmountMinor,
			&cn.Currency, &cn.Reason, &cn.CreatedAt)
	cn.InvoiceID = inv.String
	return cn, database.NotFound(err)
}
