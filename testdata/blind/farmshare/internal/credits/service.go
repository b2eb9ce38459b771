package credits

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/httpx"
	"github.com/harvestloop/farmshare/internal/platform/ids"
)

// TxRunner runs a function in a transaction.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error
}

// InvoiceLedger is the part of billing that credit application needs.
type InvoiceLedger interface {
	AmountDue(ctx context.Context, invoiceID, memberID string) (int64, error)
	CreditApplied(ctx context.Context, invoiceID string) (bool, error)
	ApplyCredit(ctx context.Context, invoiceID, memberID string, amount int64) error
}

// Service implements member credit use cases.
type Service struct {
	db       *sqlx.DB
	tx       TxRunner
	store    *Store
	invoices InvoiceLedger
	now      func() time.Time
}

// NewService wires a Service.
func NewService(db *sqlx.DB, tx TxRunner, store *Store, invoices InvoiceLedger, now func() time.Time) *Service {
	return &Service{db: db, tx: tx, store: store, invoices: invoices, now: now}
}

func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// Statement returns a member's balance and latest entries.
func (s *Service) Statement(ctx context.Context, memberID string) (*Statement, error) {
	bal, err := s.store.Balance(ctx, s.db, memberID)
	if err != nil {
		return nil, err
	}
	entries, err := s.store.Recent(ctx, s.db, memberID, 50)
	if err != nil {
		return nil, err
	}
	return &Statement{MemberID: memberID, BalanceCents: bal, Entries: entries}, nil
}

// Grant adds credit to a member's balance.
func (s *Service) Grant(ctx context.Context, req GrantRequest) error {
	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		return s.store.Append(ctx, tx, &Entry{
			ID:          ids.New(),
			MemberID:    req.MemberID,
			AmountCents: req.AmountCents,
			Source:      req.Source,
			SourceRef:   strPtr(req.SourceRef),
			Note:        strPtr(req.Note),
			CreatedAt:   s.now(),
		})
	})
}

// GrantOnce adds credit keyed by (Source, SourceRef); a repeat is a no-op.
func (s *Service) GrantOnce(ctx context.Context, req GrantRequest) (bool, error) {
	var granted bool
	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		granted, err = s.store.AppendOnce(ctx, tx, &Entry{
			ID:          ids.New(),
			MemberID:    req.MemberID,
			AmountCents: req.AmountCents,
			Source:      req.Source,
			SourceRef:   strPtr(req.SourceRef),
			Note:        strPtr(req.Note),
			CreatedAt:   s.now(),
		})
		return err
	})
	return granted, err
}

// Transfer moves credit from one member to another.
func (s *Service) Transfer(ctx context.Context, fromID string, req TransferRequest) (*Transfer, error) {
	if fromID == req.ToMemberID {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "self_transfer", "cannot transfer credit to yourself")
	}
	out := &Transfer{FromMemberID: fromID, ToMemberID: req.ToMemberID, AmountCents: req.AmountCents}
	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		if err := s.store.LockMembers(ctx, tx, fromID, req.ToMemberID); err != nil {
			return err
		}
		debit := &Entry{
			ID: ids.New(), MemberID: fromID, AmountCents: -req.AmountCents,
			Source: SourceTransferOut, Note: strPtr(req.Message), CreatedAt: s.now(),
		}
		credit := &Entry{
			ID: ids.New(), MemberID: req.ToMemberID, AmountCents: req.AmountCents,
			Source: SourceTransferIn, Note: strPtr(req.Message), CreatedAt: s.now(),
		}
		if err := s.store.Append(ctx, tx, debit); err != nil {
			return err
		}
		if err := s.store.Append(ctx, tx, credit); err != nil {
			return err
		}
		out.DebitEntry, out.CreditEntry = debit.ID, credit.ID
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ApplyToInvoice puts as much of the member's balance as needed against an
// unpaid invoice.
func (s *Service) ApplyToInvoice(ctx context.Context, memberID string, req ApplyRequest) (*Application, error) {
	applied, err := s.invoices.CreditApplied(ctx, req.InvoiceID)
	if err != nil {
		return nil, err
	}
	if applied {
		return &Application{InvoiceID: req.InvoiceID, AlreadyDone: true}, nil
	}
	due, err := s.invoices.AmountDue(ctx, req.InvoiceID, memberID)
	if err != nil {
		return nil, err
	}
	bal, err := s.store.Balance(ctx, s.db, memberID)
	if err != nil {
		return nil, err
	}
	amount := min(bal, due)
	if amount <= 0 {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "nothing_to_apply", "no credit available or nothing due")
	}

	note := fmt.Sprintf("applied to invoice %s", req.InvoiceID)
	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		return s.store.Append(ctx, tx, &Entry{
			ID: ids.New(), MemberID: memberID, AmountCents: -amount,
			Source: SourceInvoice, Note: &note, CreatedAt: s.now(),
		})
	})
	if err != nil {
		return nil, err
	}
	if err := s.invoices.ApplyCredit(ctx, req.InvoiceID, memberID, amount); err != nil {
		return nil, fmt.Errorf("apply credit to invoice: %w", err)
	}
	return &Application{InvoiceID: req.InvoiceID, AppliedCents: amount}, nil
}
