package store

import (
	"context"

	"github.com/google/uuid"

	"github.com/crumbworks/ovenline/internal/domain"
)

// Credits persists credit notes and refunds.
type Credits struct{}

// NewCredits builds the repository.
func NewCredits() *Credits { return &Credits{} }

const creditColumns = `id, credit_number, customer_id, order_id, invoice_id, delivery_id, reason, amount_pence,
	status, raised_by, created_at`

// Insert writes a credit note and its lines. The credit number is taken
// from its sequence and returned on the note.
func (r *Credits) Insert(ctx context.Context, q Q, cn *domain.CreditNote) error {
	num, err := namedGet[string](ctx, q, `
INSERT INTO credit_notes (id, credit_number, customer_id, order_id, invoice_id, delivery_id, reason,
	amount_pence, status, raised_by)
VALUES (:id, 'CN-' || nextval('credit_note_number_seq'), :customer_id, :order_id, :invoice_id, :delivery_id,
	:reason, :amount_pence, :status, :raised_by)
RETURNING credit_number`, cn)
	if err != nil {
		return err
	}
	cn.CreditNumber = num
	for i := range cn.Lines {
		cn.Lines[i].CreditNoteID = cn.ID
	}
	if len(cn.Lines) == 0 {
		return nil
	}
	_, err = namedExec(ctx, q, `
INSERT INTO credit_note_lines (credit_note_id, product_id, quantity, amount_pence)
VALUES (:credit_note_id, :product_id, :quantity, :amount_pence)`, cn.Lines)
	return err
}

// Get loads a credit note.
func (r *Credits) Get(ctx context.Context, q Q, id uuid.UUID) (domain.CreditNote, error) {
	cn, err := namedGet[domain.CreditNote](ctx, q, `SELECT `+creditColumns+` FROM credit_notes WHERE id = :id`,
		map[string]any{"id": id})
	return cn, notFound(err, "credit note", id)
}

// TotalForOrder sums the live credit notes raised against an order.
func (r *Credits) TotalForOrder(ctx context.Context, q Q, orderID uuid.UUID) (int, error) {
	return namedGet[int](ctx, q, `
SELECT COALESCE(SUM(amount_pence), 0) FROM credit_notes WHERE order_id = :id AND status <> 'void'`,
		map[string]any{"id": orderID})
}

// SetStatus changes a credit note's status.
func (r *Credits) SetStatus(ctx context.Context, q Q, id uuid.UUID, status string) error {
	_, err := namedExec(ctx, q, `UPDATE credit_notes SET status = :status WHERE id = :id`,
		map[string]any{"id": id, "status": status})
	return err
}

// InsertRefund records a provider refund.
func (r *Credits) InsertRefund(ctx context.Context, q Q, rf domain.Refund) error {
	_, err := namedExec(ctx, q, `
INSERT INTO refunds (id, credit_note_id, payment_id, provider_refund_id, amount_pence)
VALUES (:id, :credit_note_id, :payment_id, :provider_refund_id, :amount_pence)`, rf)
	return err
}
