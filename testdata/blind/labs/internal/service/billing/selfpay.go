package billing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/providers/httpc"
	"github.com/meridianlabs/labs/internal/providers/payments"
	"github.com/meridianlabs/labs/internal/store"
)

// ChargeInput is a patient's card payment from the portal.
type ChargeInput struct {
	InvoiceID     string `json:"invoice_id"`
	AmountCents   int64  `json:"amount_cents"`
	PaymentMethod string `json:"payment_method"`
}

// ChargeSelfPay charges a patient's card for an invoice. The caller's
// idempotency key selects the charge intent; the intent ID is the key the
// processor sees.
func (s *Service) ChargeSelfPay(ctx context.Context, patientID uuid.UUID, idemKey string, in ChargeInput) (store.ChargeIntent, error) {
	inv, err := s.billing.Invoice(ctx, in.InvoiceID)
	if err != nil {
		return store.ChargeIntent{}, err
	}
	if inv.PatientID != patientID {
		return store.ChargeIntent{}, db.ErrNotFound
	}

	intent, _, err := s.billing.ClaimChargeIntent(ctx, store.ChargeIntent{
		ID:             "ci_" + s.newID(),
		PatientID:      patientID,
		InvoiceID:      inv.ID,
		IdempotencyKey: idemKey,
		AmountCents:    in.AmountCents,
	})
	if err != nil {
		return intent, err
	}
	if intent.AmountCents != in.AmountCents || intent.InvoiceID != inv.ID {
		return intent, ErrAmountMismatch
	}
	if intent.Status != "pending" {
		return intent, nil
	}

	charge, err := s.charger.CreateCharge(ctx, payments.ChargeParams{
		AmountCents:   intent.AmountCents,
		Currency:      "usd",
		Customer:      patientID.String(),
		PaymentMethod: in.PaymentMethod,
		Description:   "Meridian Labs invoice " + inv.ID,
		Metadata:      map[string]string{"invoice_id": inv.ID, "charge_intent_id": intent.ID},
	}, payments.WithIdempotencyKey(intent.ID))
	if err != nil {
		var apiErr *httpc.APIError
		if errors.As(err, &apiErr) && apiErr.Status == 402 {
			_, serr := s.billing.SettleChargeIntent(ctx, intent.ID, "failed", "", apiErr.Code)
			return intent, errors.Join(ErrChargeDeclined, serr)
		}
		return intent, err
	}

	err = db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		moved, err := s.billing.WithTx(tx).SettleChargeIntent(ctx, intent.ID, "succeeded", charge.ID, "")
		if err != nil || !moved {
			return err
		}
		return ApplyPayment(ctx, tx, inv, intent.AmountCents)
	})
	if err != nil {
		return intent, err
	}
	intent.Status, intent.ProviderChargeID = "succeeded", charge.ID
	return intent, nil
}

// AutopayPayload is the payload of billing.autopay jobs.
type AutopayPayload struct {
	InvoiceID string `json:"invoice_id"`
}

// Autopay charges the card on file for an invoice of an autopay account.
func (s *Service) Autopay(ctx context.Context, invoiceID string) error {
	inv, err := s.billing.Invoice(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.BalanceCents <= 0 || inv.Status == "paid" {
		return nil
	}
	acct, err := s.patients.Account(ctx, inv.PatientID)
	if err != nil {
		return err
	}
	if !acct.Autopay || acct.PaymentMethod == "" {
		return nil
	}

	charge, err := s.charger.CreateCharge(ctx, payments.ChargeParams{
		AmountCents:   inv.BalanceCents,
		Currency:      "usd",
		Customer:      inv.PatientID.String(),
		PaymentMethod: acct.PaymentMethod,
		Description:   "Meridian Labs autopay " + inv.ID,
		Metadata:      map[string]string{"invoice_id": inv.ID, "source": "autopay"},
	})
	if err != nil {
		return fmt.Errorf("autopay %s: %w", inv.ID, err)
	}
	if charge.Status != "succeeded" {
		s.log.WarnContext(ctx, "autopay declined", "invoice_id", inv.ID, "failure", charge.FailureCode)
		return nil
	}
	return db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		fresh, err := s.billing.WithTx(tx).InsertPayment(ctx, charge.ID, inv.ID, charge.AmountCents, "autopay")
		if err != nil || !fresh {
			return err
		}
		return ApplyPayment(ctx, tx, inv, charge.AmountCents)
	})
}

// RecordHostedPayment applies a payment a patient made on the processor's
// hosted checkout page ("pay my balance") to their open invoices, oldest
// first.
func (s *Service) RecordHostedPayment(ctx context.Context, evt payments.Event) error {
	if evt.Type != "checkout.completed" {
		return nil
	}
	patientID, err := uuid.Parse(evt.Data.Metadata["patient_id"])
	if err != nil {
		return fmt.Errorf("checkout %s: patient_id: %w", evt.Data.PaymentID, err)
	}
	seen, err := s.billing.PaymentExists(ctx, evt.Data.PaymentID)
	if err != nil || seen {
		return err
	}
	invoices, err := s.billing.OpenInvoices(ctx, patientID)
	if err != nil {
		return err
	}
	if len(invoices) == 0 {
		return fmt.Errorf("checkout %s: patient %s has no open invoices", evt.Data.PaymentID, patientID)
	}

	remaining := evt.Data.AmountCents
	for _, inv := range invoices {
		if remaining == 0 {
			break
		}
		part := min(remaining, inv.BalanceCents)
		if err := s.applyToInvoice(ctx, inv, part); err != nil {
			return err
		}
		remaining -= part
	}
	if remaining > 0 {
		if err := s.accounts.Credit(ctx, patientID, remaining); err != nil {
			return err
		}
	}
	_, err = s.billing.InsertPayment(ctx, evt.Data.PaymentID, invoices[0].ID, evt.Data.AmountCents, evt.Data.Method)
	return err
}

func (s *Service) applyToInvoice(ctx context.Context, inv store.Invoice, cents int64) error {
	return db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		return ApplyPayment(ctx, tx, inv, cents)
	})
}

// AdjustmentInput is a billing staff write-off or discount.
type AdjustmentInput struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

// Adjustment is a recorded adjustment.
type Adjustment struct {
	ID           uuid.UUID `json:"id"`
	InvoiceID    string    `json:"invoice_id"`
	AmountCents  int64     `json:"amount_cents"`
	Reason       string    `json:"reason"`
	BalanceCents int64     `json:"balance_cents"`
}

// Adjust writes an amount off an invoice.
func (s *Service) Adjust(ctx context.Context, invoiceID, staff string, in AdjustmentInput) (Adjustment, error) {
	inv, err := s.billing.Invoice(ctx, invoiceID)
	if err != nil {
		return Adjustment{}, err
	}
	if in.AmountCents <= 0 || in.AmountCents > inv.BalanceCents {
		return Adjustment{}, ErrAdjustmentTooBig
	}
	adj := Adjustment{
		ID:           uuid.New(),
		InvoiceID:    inv.ID,
		AmountCents:  in.AmountCents,
		Reason:       in.Reason,
		BalanceCents: inv.BalanceCents - in.AmountCents,
	}
	err = db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		if err := s.billing.WithTx(tx).InsertAdjustment(ctx, adj.ID, inv.ID, in.Reason, in.AmountCents, staff); err != nil {
			return err
		}
		return ApplyPayment(ctx, tx, inv, in.AmountCents)
	})
	return adj, err
}

func formatCents(c int64) string {
	return "$" + strconv.FormatInt(c/100, 10) + "." + fmt.Sprintf("%02d", c%100)
}
