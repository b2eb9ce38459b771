// Package ebooks lends licensed e-books through the distributor's partner
// API and keeps the library's copy of each loan and hold.
package ebooks

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/platform/clock"
	"github.com/shelfwise-labs/branchline/internal/platform/ids"
	"github.com/shelfwise-labs/branchline/internal/provider/distributor"
	"github.com/shelfwise-labs/branchline/internal/store"
)

// ErrNoCopies means every license of the title is lent out.
var ErrNoCopies = errors.New("ebooks: no copies available")

// Service implements e-book lending.
type Service struct {
	Tx      store.TxRunner
	Repo    store.EbookRepository
	Patrons store.PatronRepository
	Partner distributor.API
	Log     *slog.Logger

	NewID ids.Generator
	Now   clock.Func

	MaxRenewals int
	// PatronRef hides card numbers from the distributor.
	PatronRef func(p domain.Patron) string
}

// HashedPatronRef is the default PatronRef: a salted hash of the patron id.
func HashedPatronRef(salt string) func(domain.Patron) string {
	return func(p domain.Patron) string {
		sum := sha256.Sum256([]byte(salt + ":" + p.ID))
		return hex.EncodeToString(sum[:16])
	}
}

// CheckoutInput lends a title to a patron.
type CheckoutInput struct {
	PatronID string
	TitleID  string
	Format   string
}

// Checkout lends a title. The pending loan row is written first and its id
// is the distributor's client reference, so a repeated request (ours or
// the client's) lands on the same distributor checkout.
func (s *Service) Checkout(ctx context.Context, in CheckoutInput) (domain.EbookLoan, error) {
	patron, err := s.Patrons.Get(ctx, in.PatronID)
	if err != nil {
		return domain.EbookLoan{}, err
	}
	if in.Format == "" {
		in.Format = "epub"
	}
	loan := domain.EbookLoan{
		ID:       s.NewID(),
		PatronID: patron.ID,
		TitleID:  in.TitleID,
		Format:   in.Format,
	}
	err = s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		loan, _, err = s.Repo.ClaimLoan(ctx, tx, loan)
		return err
	})
	if err != nil {
		return domain.EbookLoan{}, err
	}
	if loan.Status == domain.EbookActive {
		return loan, nil
	}

	co, err := s.Partner.Checkout(ctx, distributor.CheckoutRequest{
		PatronRef:       s.PatronRef(patron),
		TitleID:         loan.TitleID,
		Format:          loan.Format,
		ClientReference: loan.ID,
	})
	if errors.Is(err, distributor.ErrNoCopies) {
		if ferr := s.Repo.FailLoan(ctx, loan.ID, "no_copies_available"); ferr != nil {
			return domain.EbookLoan{}, ferr
		}
		return domain.EbookLoan{}, ErrNoCopies
	}
	if err != nil {
		return domain.EbookLoan{}, fmt.Errorf("distributor checkout: %w", err)
	}
	if err := s.Repo.ActivateLoan(ctx, loan.ID, co.CheckoutID, co.ExpiresAt); err != nil {
		return domain.EbookLoan{}, err
	}
	loan.Status = domain.EbookActive
	loan.DistributorCheckoutID = co.CheckoutID
	loan.ExpiresAt = &co.ExpiresAt
	return loan, nil
}

// Renew extends a loan by one lending period. Renewals count against the
// title's metered license, so they are capped.
func (s *Service) Renew(ctx context.Context, patronID, loanID string) (domain.EbookLoan, error) {
	loan, err := s.Repo.GetLoan(ctx, loanID)
	if err != nil {
		return loan, err
	}
	if loan.PatronID != patronID {
		return domain.EbookLoan{}, domain.ErrNotFound
	}
	if loan.Status != domain.EbookActive {
		return loan, fmt.Errorf("loan %s is %s: %w", loan.ID, loan.Status, domain.ErrInvalidState)
	}
	if loan.Renewals >= s.MaxRenewals {
		return loan, domain.ErrRenewalLimit
	}

	r, err := s.Partner.Renew(ctx, distributor.RenewRequest{CheckoutID: loan.DistributorCheckoutID})
	if err != nil {
		return loan, fmt.Errorf("distributor renew: %w", err)
	}
	if err := s.Repo.RecordRenewal(ctx, loan.ID, r.ExpiresAt); err != nil {
		return loan, err
	}
	loan.Renewals++
	loan.ExpiresAt = &r.ExpiresAt
	return loan, nil
}

// HoldInput joins the wait list for a title with no free license.
type HoldInput struct {
	PatronID     string
	TitleID      string
	AutoCheckout bool
}

// PlaceHold puts the patron on the distributor's wait list.
func (s *Service) PlaceHold(ctx context.Context, in HoldInput) (domain.EbookHold, error) {
	patron, err := s.Patrons.Get(ctx, in.PatronID)
	if err != nil {
		return domain.EbookHold{}, err
	}
	ph, err := s.Partner.PlaceHold(ctx, distributor.HoldRequest{
		PatronRef:    s.PatronRef(patron),
		TitleID:      in.TitleID,
		AutoCheckout: in.AutoCheckout,
	})
	if err != nil {
		return domain.EbookHold{}, fmt.Errorf("distributor hold: %w", err)
	}
	h := domain.EbookHold{
		ID:                s.NewID(),
		PatronID:          patron.ID,
		TitleID:           in.TitleID,
		DistributorHoldID: ph.HoldID,
		Status:            "queued",
		CreatedAt:         s.Now(),
	}
	if err := s.Repo.InsertHold(ctx, h); err != nil {
		return domain.EbookHold{}, err
	}
	return h, nil
}

// HandleEvent applies a distributor callback.
func (s *Service) HandleEvent(ctx context.Context, evt distributor.Event) error {
	return s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
		if err := s.Repo.RecordEvent(ctx, tx, evt.EventID, evt.Type); err != nil {
			return err
		}
		switch evt.Type {
		case distributor.EventLoanExpired, distributor.EventLoanReturned:
			_, err := s.Repo.ExpireByCheckout(ctx, tx, evt.CheckoutID)
			return err
		case distributor.EventHoldAvailable:
			return s.Repo.MarkHoldAvailable(ctx, tx, evt.HoldID)
		default:
			s.Log.DebugContext(ctx, "ignoring distributor event", "type", evt.Type)
			return nil
		}
	})
}
