package billing

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/store"
)

// Accounts moves money on patient accounts.
type Accounts struct {
	db       *sql.DB
	patients *store.Patients
}

// NewAccounts builds Accounts.
func NewAccounts(conn *sql.DB) *Accounts {
	return &Accounts{db: conn, patients: store.NewPatients(conn)}
}

// Credit adds cents to a patient's credit, creating the account if needed.
func (a *Accounts) Credit(ctx context.Context, patientID uuid.UUID, cents int64) error {
	if cents <= 0 {
		return fmt.Errorf("credit must be positive, got %d", cents)
	}
	return db.InTx(ctx, a.db, func(tx *sql.Tx) error {
		p := a.patients.WithTx(tx)
		if err := p.EnsureAccount(ctx, patientID); err != nil {
			return err
		}
		return p.AddCredit(ctx, patientID, cents)
	})
}

// ApplyPayment lowers an invoice and the account balance by cents, in the
// caller's transaction.
func ApplyPayment(ctx context.Context, tx *sql.Tx, inv store.Invoice, cents int64) error {
	if err := store.NewBilling(tx).ReduceInvoice(ctx, inv.ID, cents); err != nil {
		return fmt.Errorf("reduce invoice %s: %w", inv.ID, err)
	}
	return store.NewPatients(tx).AddBalance(ctx, inv.PatientID, -cents)
}
