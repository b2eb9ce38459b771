package invoicing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/platform/idem"
	"github.com/northmill/procure/internal/platform/ids"
	"github.com/northmill/procure/internal/suppliers"
)

const creditNoteScope = "credit-note.record"

// CreditNotes records supplier credit notes and sets them off against
// invoices.
type CreditNotes struct {
	store     *db.Store
	repo      *Repo
	suppliers *suppliers.Repo
	keys      *idem.Keys
}

// NewCreditNotes wires the service.
func NewCreditNotes(store *db.Store, repo *Repo, sup *suppliers.Repo, keys *idem.Keys) *CreditNotes {
	return &CreditNotes{store: store, repo: repo, suppliers: sup, keys: keys}
}

// Record registers a credit note received from a supplier and adds it to
// the supplier's open credit.
func (c *CreditNotes) Record(ctx context.Context, key string, in CreditNoteInput) (CreditNote, error) {
	if in.SupplierID == "" || in.CreditNoteNumber == "" || in.AmountMinor <= 0 {
		return CreditNote{}, fmt.Errorf("supplier_id, credit_note_number and a positive amount are required")
	}
	hash := idem.Hash(in)
	if key != "" {
		rec, err := c.keys.Lookup(ctx, c.store.DB(), creditNoteScope, key)
		switch {
		case err == nil:
			if rec.RequestHash != hash {
				return CreditNote{}, idem.ErrKeyReused
			}
			var cn CreditNote
			return cn, json.Unmarshal(rec.Response, &cn)
		case !errors.Is(err, db.ErrNotFound):
			return CreditNote{}, err
		}
	}

	cn := CreditNote{
		ID:               ids.CreditNote(),
		SupplierID:       in.SupplierID,
		CreditNoteNumber: in.CreditNoteNumber,
		AmountMinor:      in.AmountMinor,
		Currency:         in.Currency,
		Reason:           in.Reason,
		Status:           "open",
	}
	if in.InvoiceID != "" {
		cn.InvoiceID = &in.InvoiceID
	}
	err := c.store.ExecTx(ctx, func(q db.Querier) error {
		if _, err := c.suppliers.Get(ctx, q, in.SupplierID); err != nil {
			return err
		}
		if err := c.repo.InsertCreditNote(ctx, q, cn); err != nil {
			return err
		}
		return c.suppliers.AdjustBalance(ctx, q, in.SupplierID, 0, in.AmountMinor)
	})
	if err != nil {
		return CreditNote{}, err
	}

	if key != "" {
		if err := c.keys.Save(ctx, c.store.DB(), creditNoteScope, key, hash, 201, cn); err != nil {
			return cn, fmt.Errorf("store idempotency key: %w", err)
		}
	}
	return cn, nil
}

// Apply sets an open credit note off against an invoice, lowering the
// amount we still have to pay.
func (c *CreditNotes) Apply(ctx context.Context, creditNoteID, invoiceID string) (CreditNote, error) {
	cn, err := c.repo.GetCreditNote(ctx, c.store.DB(), creditNoteID)
	if err != nil {
		return cn, err
	}
	if cn.Status == "applied" {
		return cn, nil
	}
	inv, err := c.repo.Get(ctx, c.store.DB(), invoiceID)
	if err != nil {
		return cn, err
	}
	if inv.SupplierID != cn.SupplierID || inv.Currency != cn.Currency {
		return cn, fmt.Errorf("credit note %s cannot be applied to invoice %s", cn.CreditNoteNumber, inv.InvoiceNumber)
	}
	switch inv.Status {
	case StatusPaid, StatusCancelled:
		return cn, fmt.Errorf("%w: invoice is %s", ErrInvalidState, inv.Status)
	}

	if err := c.store.ExecTx(ctx, func(q db.Querier) error {
		if err := c.repo.ReduceOpen(ctx, q, inv.ID, cn.AmountMinor); err != nil {
			return fmt.Errorf("reduce invoice %s: %w", inv.InvoiceNumber, err)
		}
		return c.suppliers.AdjustBalance(ctx, q, cn.SupplierID, -cn.AmountMinor, -cn.AmountMinor)
	}); err != nil {
		return cn, err
	}

	if err := c.store.ExecTx(ctx, func(q db.Querier) error {
		return c.repo.MarkCreditNoteApplied(ctx, q, cn.ID, inv.ID)
	}); err != nil {
		return cn, fmt.Errorf("mark credit note applied: %w", err)
	}
	cn.Status, cn.InvoiceID = "applied", &inv.ID
	return cn, nil
}
