package receiving

import (
	"context"
	"database/sql"
	"errors"

	"github.com/northmill/procure/internal/platform/db"
)

// Repo is the sqlx repository for receipts.
type Repo struct{}

// NewRepo returns the repository.
func NewRepo() *Repo { return &Repo{} }

const receiptColumns = `id, warehouse_id, receipt_no, po_id, delivery_note, status, received_at, source, created_at`

// InsertIfAbsent stores the receipt header unless one with the same
// warehouse and receipt number exists. It reports whether it inserted.
func (r *Repo) InsertIfAbsent(ctx context.Context, q db.Querier, rc Receipt) (bool, error) {
	var id string
	err := q.QueryRowxContext(ctx, `
		INSERT INTO goods_receipts (id, warehouse_id, receipt_no, po_id, delivery_note, status, received_at, source)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (warehouse_id, receipt_no) DO NOTHING
		RETURNING id`,
		rc.ID, rc.WarehouseID, rc.ReceiptNo, rc.POID, rc.DeliveryNote, rc.Status, rc.ReceivedAt, rc.Source).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// InsertLines stores receipt lines.
func (r *Repo) InsertLines(ctx context.Context, q db.Querier, lines []ReceiptLine) error {
	for _, l := range lines {
		if _, err := q.NamedExecContext(ctx, `
			INSERT INTO goods_receipt_lines (receipt_id, line_no, po_line_no, sku, quantity)
			VALUES (:receipt_id, :line_no, :po_line_no, :sku, :quantity)`, l); err != nil {
			return err
		}
	}
	return nil
}

// ByNumber loads a receipt by warehouse and receipt number.
func (r *Repo) ByNumber(ctx context.Context, q db.Querier, warehouseID, receiptNo string) (Receipt, error) {
	rc, err := db.Get[Receipt](ctx, q, `SELECT `+receiptColumns+`
		FROM goods_receipts WHERE warehouse_id = $1 AND receipt_no = $2`, warehouseID, receiptNo)
	if err != nil {
		return rc, err
	}
	rc.Lines, err = r.Lines(ctx, q, rc.ID)
	return rc, err
}

// ByNumberForUpdate loads and locks a receipt header.
func (r *Repo) ByNumberForUpdate(ctx context.Context, q db.Querier, warehouseID, receiptNo string) (Receipt, error) {
	rc, err := db.Get[Receipt](ctx, q, `SELECT `+receiptColumns+`
		FROM goods_receipts WHERE warehouse_id = $1 AND receipt_no = $2 FOR UPDATE`, warehouseID, receiptNo)
	if err != nil {
		return rc, err
	}
	rc.Lines, err = r.Lines(ctx, q, rc.ID)
	return rc, err
}

// Lines loads a receipt's lines.
func (r *Repo) Lines(ctx context.Context, q db.Querier, receiptID string) ([]ReceiptLine, error) {
	return db.Select[ReceiptLine](ctx, q, `
		SELECT receipt_id, line_no, po_line_no, sku, quantity
		FROM goods_receipt_lines WHERE receipt_id = $1 ORDER BY line_no`, receiptID)
}

// SetStatus changes a receipt's status.
func (r *Repo) SetStatus(ctx context.Context, q db.Querier, receiptID, status string) error {
	return db.ExpectOne(q.ExecContext(ctx, `UPDATE goods_receipts SET status = $2 WHERE id = $1`, receiptID, status))
}

// InsertReversal records a receipt reversal.
func (r *Repo) InsertReversal(ctx context.Context, q db.Querier, reversalID, receiptID, reason, by string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO receipt_reversals (reversal_id, receipt_id, reason, reversed_by)
		VALUES ($1, $2, $3, $4)`, reversalID, receiptID, reason, by)
	return err
}

// InsertHold records a quality hold; a receipt has at most one.
func (r *Repo) InsertHold(ctx context.Context, q db.Querier, receiptID string, in HoldInput) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO receipt_holds (receipt_id, reason_code, inspector, notes)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (receipt_id) DO NOTHING`, receiptID, in.ReasonCode, in.Inspector, in.Notes)
	return err
}

// InsertDebitMemo stores a debit memo for returned goods.
func (r *Repo) InsertDebitMemo(ctx context.Context, q db.Querier, m DebitMemo) error {
	_, err := q.NamedExecContext(ctx, `
		INSERT INTO return_debit_memos (id, receipt_id, po_id, supplier_id, rma_number, amount_minor)
		VALUES (:id, :receipt_id, :po_id, :supplier_id, :rma_number, :amount_minor)`, m)
	return err
}

// InvoicesAwaitingReceipt lists invoices on a PO that are waiting for goods
// before they can match.
func (r *Repo) InvoicesAwaitingReceipt(ctx context.Context, q db.Querier, poID string) ([]string, error) {
	var out []string
	err := q.SelectContext(ctx, &out, `
		SELECT id FROM supplier_invoices
		WHERE po_id = $1 AND status IN ('received', 'awaiting_receipt', 'mismatch')`, poID)
	return out, err
}
