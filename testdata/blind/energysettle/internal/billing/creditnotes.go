package billing

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/txn"
)

const creditNoteScope = "credit-notes"

// ErrKeyReused is returned when an Idempotency-Key is presented again
// with a different request body.
var ErrKeyReused = errors.New("idempotency key reused with a different request")

// CreditNoteRepository is what CreditNoteService needs inside its
// transaction: billing writes plus the idempotency record.
type CreditNoteRepository interface {
	GetInvoiceForUpdate(ctx context.Context, id string) (*model.Invoice, error)
	InsertCreditNote(ctx context.Context, cn *model.CreditNote) error
	AdjustBalance(ctx context.Context, id string, delta int64) error
	TransitionInvoiceStatus(ctx context.Context, id, from, to string) (int64, error)
	ClaimKey(ctx context.Context, k *model.IdempotencyKey) (bool, error)
	FindKey(ctx context.Context, scope, key string) (*model.IdempotencyKey, error)
	CompleteKey(ctx context.Context, scope, key string, status int, body []byte) error
}

// CreditNoteRequest is the body of POST /invoices/:id/credit-notes.
type CreditNoteRequest struct {
	AmountPence int64  `json:"amount_pence"`
	Reason      string `json:"reason"`
	IssuedBy    string `json:"-"`
}

// CreditNoteResult is the response body.
type CreditNoteResult struct {
	CreditNoteID  string `json:"credit_note_id"`
	InvoiceID     string `json:"invoice_id"`
	AmountPence   int64  `json:"amount_pence"`
	BalancePence  int64  `json:"balance_pence"`
	InvoiceStatus string `json:"invoice_status"`
}

// CreditNoteService issues credit notes against invoices.
type CreditNoteService struct {
	uow   txn.Runner[CreditNoteRepository]
	newID func() string
	now   func() time.Time
	log   *slog.Logger
}

// NewCreditNoteService wires a CreditNoteService.
func NewCreditNoteService(uow txn.Runner[CreditNoteRepository], newID func() string, now func() time.Time, log *slog.Logger) *CreditNoteService {
	return &CreditNoteService{uow: uow, newID: newID, now: now, log: log}
}

// Issue creates a credit note. The Idempotency-Key is claimed in the same
// transaction as the credit note, so a repeat either sees the stored
// response or blocks until the first request commits or rolls back.
func (s *CreditNoteService) Issue(ctx context.Context, invoiceID string, req CreditNoteRequest, idemKey string) (result *CreditNoteResult, replayed bool, err error) {
	if idemKey == "" {
		return nil, false, fmt.Errorf("%w: Idempotency-Key header is required", ErrInvalid)
	}
	if req.AmountPence <= 0 || req.Reason == "" {
		return nil, false, fmt.Errorf("%w: positive amount and reason are required", ErrInvalid)
	}
	hash := requestHash(invoiceID, req)
	err = s.uow.Do(ctx, func(r CreditNoteRepository) error {
		claimed, err := r.ClaimKey(ctx, &model.IdempotencyKey{
			Scope:        creditNoteScope,
			Key:          idemKey,
			RequestHash:  hash,
			StatusCode:   0,
			ResponseBody: []byte("{}"),
			CreatedAt:    s.now(),
		})
		if err != nil {
			return err
		}
		if !claimed {
			prev, err := r.FindKey(ctx, creditNoteScope, idemKey)
			if err != nil {
				return err
			}
			if prev.RequestHash != hash {
				return ErrKeyReused
			}
			var stored CreditNoteResult
			if err := json.Unmarshal(prev.ResponseBody, &stored); err != nil {
				return fmt.Errorf("decode stored response: %w", err)
			}
			result, replayed = &stored, true
			return nil
		}

		inv, err := r.GetInvoiceForUpdate(ctx, invoiceID)
		if err != nil {
			return err
		}
		if req.AmountPence > inv.BalancePence {
			return fmt.Errorf("%w: credit %d exceeds balance %d", ErrInvalid, req.AmountPence, inv.BalancePence)
		}
		cn := &model.CreditNote{
			ID:          s.newID(),
			InvoiceID:   inv.ID,
			AmountPence: req.AmountPence,
			Reason:      req.Reason,
			IssuedBy:    req.IssuedBy,
			CreatedAt:   s.now(),
		}
		if err := r.InsertCreditNote(ctx, cn); err != nil {
			return err
		}
		if err := r.AdjustBalance(ctx, inv.ID, -req.AmountPence); err != nil {
			return err
		}
		status := inv.Status
		if inv.BalancePence-req.AmountPence == 0 {
			if _, err := r.TransitionInvoiceStatus(ctx, inv.ID, inv.Status, model.InvoiceCredited); err != nil {
				return err
			}
			status = model.InvoiceCredited
		}
		result = &CreditNoteResult{
			CreditNoteID:  cn.ID,
			InvoiceID:     inv.ID,
			AmountPence:   cn.AmountPence,
			BalancePence:  inv.BalancePence - req.AmountPence,
			InvoiceStatus: status,
		}
		body, err := json.Marshal(result)
		if err != nil {
			return err
		}
		return r.CompleteKey(ctx, creditNoteScope, idemKey, http.StatusCreated, body)
	})
	if err != nil {
		return nil, false, err
	}
	return result, replayed, nil
}

func requestHash(invoiceID string, req CreditNoteRequest) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s|%d|%s", invoiceID, req.AmountPence, req.Reason)
	return hex.EncodeToString(h.Sum(nil))
}
