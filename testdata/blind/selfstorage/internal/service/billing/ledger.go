package billing

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/rs/xid"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/platform/ids"
	"github.com/baywarden/storagedesk/internal/platform/retry"
	"github.com/baywarden/storagedesk/internal/provider/stripepay"
)

// feeCodes are the one-off fees staff may assess, with their maximums.
var feeCodes = map[string]int64{
	"lock_cut":     7500,
	"cleaning":     15000,
	"admin":        2500,
	"nsf":          3500,
	"lien_process": 5000,
	"damaged_unit": 50000,
}

// AssessFee posts a staff-assessed fee to the tenant ledger.
func (s *service) AssessFee(ctx context.Context, rentalID string, f Fee) (*domain.LedgerEntry, error) {
	max, ok := feeCodes[f.Code]
	if !ok {
		return nil, fmt.Errorf("unknown fee code %q: %w", f.Code, domain.ErrConflict)
	}
	if f.AmountCents <= 0 || f.AmountCents > max {
		return nil, fmt.Errorf("fee %s must be between 1 and %d cents: %w", f.Code, max, domain.ErrConflict)
	}
	r, err := s.rentals.Rental(ctx, rentalID)
	if err != nil {
		return nil, err
	}
	if r.Status == domain.RentalClosed {
		return nil, domain.ErrInvalidState
	}
	memo := strings.TrimSpace(f.Code + " " + f.Memo)
	entry := domain.LedgerEntry{
		ID:          "fee_" + xid.New().String(),
		RentalID:    r.ID,
		Kind:        domain.LedgerFee,
		AmountCents: f.AmountCents,
		Memo:        memo,
		Ref:         ptr("staff:" + f.AssessedBy),
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.ledger.PostEntry(ctx, entry); err != nil {
			return err
		}
		_, err := s.rentals.AdjustBalance(ctx, r.ID, f.AmountCents)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &entry, nil
}

// IssueCredit posts a credit to the tenant ledger and lowers the balance.
func (s *service) IssueCredit(ctx context.Context, rentalID string, amountCents int64, memo, ref string) error {
	if amountCents <= 0 {
		return nil
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.ledger.PostEntry(ctx, domain.LedgerEntry{
			ID:          ids.New("led"),
			RentalID:    rentalID,
			Kind:        domain.LedgerCredit,
			AmountCents: -amountCents,
			Ref:         &ref,
			Memo:        memo,
		}); err != nil {
			return err
		}
		_, err := s.rentals.AdjustBalance(ctx, rentalID, -amountCents)
		return err
	})
}

// RefundPayment refunds a card payment. The refund is recorded on the ledger
// when Stripe reports it through the refund.created webhook.
func (s *service) RefundPayment(ctx context.Context, rentalID string, req RefundRequest) (*RefundResult, error) {
	if _, err := s.rentals.Rental(ctx, rentalID); err != nil {
		return nil, err
	}
	intentID, paid := req.IntentID, int64(0)
	if intentID == "" {
		var err error
		intentID, paid, err = s.ledger.LastCardPayment(ctx, rentalID)
		if errors.Is(err, domain.ErrNotFound) {
			return nil, fmt.Errorf("no card payment to refund: %w", domain.ErrInvalidState)
		}
		if err != nil {
			return nil, err
		}
		if req.AmountCents > paid {
			return nil, fmt.Errorf("refund exceeds payment of %d: %w", paid, domain.ErrConflict)
		}
	}
	rf, err := retry.Do(ctx, s.retry, func(ctx context.Context) (*stripepay.Refund, error) {
		return s.pay.Refund(ctx, stripepay.RefundRequest{
			IntentID:    intentID,
			AmountCents: req.AmountCents,
			Reason:      req.Reason,
		})
	})
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "refund created", "rental", rentalID, "refund", rf.ID, "amount", rf.AmountCents)
	return &RefundResult{RefundID: rf.ID, Status: rf.Status, AmountCents: rf.AmountCents}, nil
}
